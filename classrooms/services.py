"""Every write to classes and students goes through these functions."""

import secrets

from django.db import IntegrityError, transaction
from django.db.models import Count

from . import signals, signin
from .models import Assignment, Classroom, Student, User, new_join_code
from .names import clean_name, name_problem


class RosterError(ValueError):
    """A change to a roster that cannot be made; the message is for the teacher."""


def teacher_signup(*, name: str, email: str, password: str) -> User:
    """Create a teacher account that signs in with this email address."""
    email = User.objects.normalize_email(email).lower()
    first, _, last = clean_name(name).partition(" ")
    user = User(username=email, email=email, first_name=first, last_name=last)
    user.role = User.Role.TEACHER
    user.set_password(password)
    user.save()
    return user


def classroom_create(*, teacher: User, name: str, sign_in_method: str) -> Classroom:
    """A new class with a fresh join code."""
    for _ in range(10):
        try:
            with transaction.atomic():
                return Classroom.objects.create(
                    teacher=teacher,
                    name=clean_name(name),
                    sign_in_method=sign_in_method,
                    join_code=new_join_code(),
                )
        except IntegrityError:  # join code taken: 22**6 codes, so this is very rare
            continue
    raise RuntimeError("could not find a free join code")


def classroom_update(
    *,
    classroom: Classroom,
    name: str,
    sign_in_method: str,
    allow_watching: bool | None = None,
    sounds: bool | None = None,
) -> Classroom:
    """Rename a class, change how its students sign in, whether classmates may watch each
    other's games, or whether games make sounds by default (None: unchanged)."""
    classroom.name = clean_name(name)
    classroom.sign_in_method = sign_in_method
    fields = ["name", "sign_in_method"]
    for field, value in (("allow_watching", allow_watching), ("sounds", sounds)):
        if value is not None:
            setattr(classroom, field, value)
            fields.append(field)
    classroom.save(update_fields=fields)
    return classroom


def classroom_reset_code(*, classroom: Classroom) -> Classroom:
    """Give the class a new join code; the old one stops working at once."""
    for _ in range(10):
        classroom.join_code = new_join_code()
        try:
            with transaction.atomic():
                classroom.save(update_fields=["join_code"])
            return classroom
        except IntegrityError:
            continue
    raise RuntimeError("could not find a free join code")


def roster_names(classroom: Classroom, exclude: Student | None = None) -> list[str]:
    """The names already used in the class (optionally leaving one student out)."""
    students = classroom.students.all()
    if exclude is not None:
        students = students.exclude(pk=exclude.pk)
    return list(students.values_list("name", flat=True))


def _new_student(classroom: Classroom, name: str) -> Student:
    user = User(username=f"student-{secrets.token_hex(8)}", role=User.Role.STUDENT)
    user.set_unusable_password()  # students sign in with their class secret, never a password
    user.save()
    return Student.objects.create(user=user, classroom=classroom, name=name)


@transaction.atomic
def student_create(*, classroom: Classroom, name: str) -> Student:
    """Add one student to the class, with new sign-in secrets."""
    name = clean_name(name)
    Classroom.objects.select_for_update().get(pk=classroom.pk)  # one roster change at a time
    if problem := name_problem(name, roster_names(classroom)):
        raise RosterError(problem)
    return _new_student(classroom, name)


@transaction.atomic
def students_import(*, classroom: Classroom, names: list[str]) -> list[Student]:
    """Add many students at once: all of them, or none if any name is not usable."""
    Classroom.objects.select_for_update().get(pk=classroom.pk)
    taken = roster_names(classroom)
    cleaned = []
    for raw in names:
        name = clean_name(raw)
        if problem := name_problem(name, taken):
            raise RosterError(problem)
        taken.append(name)
        cleaned.append(name)
    return [_new_student(classroom, name) for name in cleaned]


@transaction.atomic
def student_rename(*, student: Student, name: str) -> Student:
    """Change a student's name (their secrets stay the same)."""
    name = clean_name(name)
    Classroom.objects.select_for_update().get(pk=student.classroom_id)
    if problem := name_problem(name, roster_names(student.classroom, exclude=student)):
        raise RosterError(problem)
    student.name = name
    student.save(update_fields=["name"])
    return student


@transaction.atomic
def student_remove(*, student: Student) -> None:
    """Delete the student, their account and everything stored about them; their classmates'
    games stay whole.

    Gone with them: their learning records, progress and its ledger, their sign-in, their
    matches against bots (and Learn to play rounds), and assignments given to them alone
    (with no student left, an assignment would mean the whole class). Kept for classmates:
    games played together, where the seat shows "a former student" (Seat.student's
    on_delete); a game still being played goes on with a bot in the seat (the games app
    settles the matches when told: signals.student_removing).
    """
    Classroom.objects.select_for_update().get(pk=student.classroom_id)  # one roster change
    signals.student_removing.send(sender=Student, student=student)
    # Counted before the filter on this student, so the count is of every assigned student.
    assigned = Assignment.objects.annotate(assigned=Count("students", distinct=True))
    alone = assigned.filter(students=student, assigned=1).values_list("pk", flat=True)
    Assignment.objects.filter(pk__in=list(alone)).delete()
    student.user.delete()  # the Student, its progress, ledger and learning records cascade


@transaction.atomic
def student_reset_sign_in(*, student: Student) -> Student:
    """New picture password and short password; signs the student out everywhere."""
    student.picture_secret = signin.new_picture_secret()
    student.word_secret = signin.new_word_secret()
    student.save(update_fields=["picture_secret", "word_secret"])
    # Sessions are bound to a hash of the password field; a new unusable one ends them all.
    student.user.set_unusable_password()
    student.user.save(update_fields=["password"])
    return student
