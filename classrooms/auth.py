"""Authentication backends: teachers by email and password, students by class secret."""

from django.contrib.auth.backends import BaseBackend, ModelBackend
from django.utils.crypto import constant_time_compare

from . import signin
from .models import Student, User


class TeacherBackend(ModelBackend):
    """Email and password, for teachers and staff only (students have no password)."""

    def user_can_authenticate(self, user: User) -> bool:
        return super().user_can_authenticate(user) and (user.is_teacher or user.is_staff)


class StudentBackend(BaseBackend):
    """A student picked by name within their class, plus the secret the class uses."""

    def authenticate(self, request, student: Student | None = None, secret: str | None = None):
        if student is None or secret is None or not student.user.is_active:
            return None
        if student.classroom.uses_pictures:
            expected, given = student.picture_secret, " ".join(secret.split())
        else:
            expected, given = student.word_secret, signin.normalize_word(secret)
        if constant_time_compare(expected, given):
            return student.user
        return None

    def get_user(self, user_id: int) -> User | None:
        # The student comes along: every student page needs it, so it costs no extra query.
        students = User.objects.select_related("student__classroom")
        try:
            return students.get(pk=user_id, role=User.Role.STUDENT, is_active=True)
        except User.DoesNotExist:
            return None
