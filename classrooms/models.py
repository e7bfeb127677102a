"""Teachers, their classes and the students in them."""

import secrets

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.formats import date_format

from . import signin

JOIN_CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"  # no look-alikes: 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B
JOIN_CODE_LENGTH = 6
STUDENT_NAME_MAX = 40
CLASS_NAME_MAX = 60


def new_join_code() -> str:
    """A random class code such as 'FACT34'."""
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


class User(AbstractUser):
    """Anyone who signs in: a teacher (by email) or a student (through their class)."""

    class Role(models.TextChoices):
        TEACHER = "teacher", "Teacher"
        STUDENT = "student", "Student"

    role = models.CharField(max_length=10, choices=Role.choices, default=Role.TEACHER)

    @property
    def is_teacher(self) -> bool:
        return self.role == self.Role.TEACHER

    @property
    def is_student(self) -> bool:
        return self.role == self.Role.STUDENT


class ClassroomQuerySet(models.QuerySet):
    def for_teacher(self, user: User) -> "ClassroomQuerySet":
        """The classes this user teaches (none for anyone else)."""
        if not user.is_authenticated or not user.is_teacher:
            return self.none()
        return self.filter(teacher=user)


class Classroom(models.Model):
    """A teacher's class: a roster of students and the code they sign in with."""

    class SignInMethod(models.TextChoices):
        PICTURES = "pictures", "Picture password (3 pictures in order)"
        PASSWORD = "password", "Short password (a word and two digits)"

    teacher = models.ForeignKey(User, on_delete=models.CASCADE, related_name="classrooms")
    name = models.CharField(max_length=CLASS_NAME_MAX)
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True, default=new_join_code)
    sign_in_method = models.CharField(
        max_length=10, choices=SignInMethod.choices, default=SignInMethod.PICTURES
    )
    # Whether games make sounds for students who have not chosen for themselves.
    sounds = models.BooleanField(default=True)
    # Whether classmates may watch each other's tables (as spectators: no hand is shown).
    allow_watching = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ClassroomQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def uses_pictures(self) -> bool:
        return self.sign_in_method == self.SignInMethod.PICTURES


class Student(models.Model):
    """A child in a class. Signs in with the class code, their name and a secret."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="student")
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="students")
    name = models.CharField(max_length=STUDENT_NAME_MAX)
    # Kept readable on purpose: the teacher prints them on sign-in cards (docs/rules.md).
    picture_secret = models.CharField(max_length=40, default=signin.new_picture_secret)
    word_secret = models.CharField(max_length=20, default=signin.new_word_secret)
    # The student's own sound switch; None: the class's default (Classroom.sounds).
    sound = models.BooleanField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [Lower("name"), "pk"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"), "classroom", name="student_name_unique_in_class"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def pictures(self) -> list[str]:
        return self.picture_secret.split()


class Assignment(models.Model):
    """A game a teacher asks a class (or some of its students) to play, with a goal."""

    class Goal(models.TextChoices):
        FINISH = "finish", "Finish games"
        WIN = "win", "Win games"

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    game = models.CharField(max_length=40)
    settings = models.JSONField(default=dict)
    goal = models.CharField(max_length=10, choices=Goal.choices, default=Goal.FINISH)
    goal_count = models.PositiveSmallIntegerField(default=3)
    due_date = models.DateField(null=True, blank=True)
    # Empty: the whole class, including students who join later.
    students = models.ManyToManyField(Student, blank=True, related_name="assignments")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game} for {self.classroom}"

    @property
    def goal_text(self) -> str:
        verb = "Finish" if self.goal == self.Goal.FINISH else "Win"
        return f"{verb} {self.goal_count} game{'s' if self.goal_count != 1 else ''}"

    @property
    def overdue(self) -> bool:
        """Its due date has passed (an assignment is due by the end of its due day)."""
        return self.due_date is not None and self.due_date < timezone.localdate()

    @property
    def due_text(self) -> str:
        """ "Tue 3 Feb", with the year when it is not this year ("Tue 3 Feb 2027")."""
        if self.due_date is None:
            return ""
        this_year = self.due_date.year == timezone.localdate().year
        return date_format(self.due_date, "D j M" if this_year else "D j M Y")
