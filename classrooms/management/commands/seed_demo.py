"""Create (or refresh) the demo teacher and class that `make run` prints logins for."""

from django.core.management.base import BaseCommand
from django.db import transaction

from classrooms import services
from classrooms.models import Classroom, Student, User

DEMO_EMAIL = "teacher@demo.factorium"
DEMO_PASSWORD = "factor-demo-2026"
DEMO_CODE = "FACT34"
DEMO_STUDENTS = [
    ("Ana", "cat sun tree"),
    ("Ben", "dog moon star"),
    ("Chloe", "fish apple car"),
    ("Dev", "bird house ball"),
    ("Emma", "star cat apple"),
    ("Femi", "tree ball moon"),
]


class Command(BaseCommand):
    help = "Create the demo teacher, class and students (safe to run again)."

    @transaction.atomic
    def handle(self, *args, **options):
        teacher = User.objects.filter(username=DEMO_EMAIL).first()
        if teacher is None:
            teacher = services.teacher_signup(
                name="Demo Teacher", email=DEMO_EMAIL, password=DEMO_PASSWORD
            )
        classroom, _ = Classroom.objects.get_or_create(
            join_code=DEMO_CODE, defaults={"teacher": teacher, "name": "Demo Class 5B"}
        )
        for name, pictures in DEMO_STUDENTS:
            student = classroom.students.filter(name=name).first()
            if student is None:
                student = services.student_create(classroom=classroom, name=name)
            Student.objects.filter(pk=student.pk).update(
                picture_secret=pictures, word_secret=f"{name.lower()}42"
            )
        self.stdout.write(self.style.SUCCESS("Demo class ready."))
        self.stdout.write(f"  Teacher sign-in: {DEMO_EMAIL} / {DEMO_PASSWORD}")
        self.stdout.write(f"  Students: class code {DEMO_CODE}, then a name, then pictures:")
        for name, pictures in DEMO_STUDENTS:
            self.stdout.write(f"    {name:<6} {pictures.replace(' ', ' → ')}")
