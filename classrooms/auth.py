"""Authentication backends: teachers by email and password, students by class secret."""

from django.contrib.auth.backends import BaseBackend, ModelBackend
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils.crypto import constant_time_compare

from . import signin
from .models import Classroom, Student, User

# A signed-in student's record (with their class) is read on every request of a game: keep
# it in the cache; any save or delete of the user, student or class drops it at once.
STUDENT_CACHE_SECONDS = 300


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
        key = _student_key(user_id)
        user = cache.get(key)
        if user is None:
            # The student comes along: every student page needs it, so no extra query.
            students = User.objects.select_related("student__classroom")
            try:
                user = students.get(pk=user_id, role=User.Role.STUDENT, is_active=True)
            except User.DoesNotExist:
                return None
            cache.set(key, user, STUDENT_CACHE_SECONDS)
        return user


def _student_key(user_id: int) -> str:
    return f"auth:student:{user_id}"


@receiver([post_save, post_delete], sender=User)
def _forget_user(sender, instance: User, **kwargs) -> None:
    cache.delete(_student_key(instance.pk))


@receiver([post_save, post_delete], sender=Student)
def _forget_student(sender, instance: Student, **kwargs) -> None:
    cache.delete(_student_key(instance.user_id))


@receiver([post_save, post_delete], sender=Classroom)
def _forget_class(sender, instance: Classroom, **kwargs) -> None:
    users = Student.objects.filter(classroom_id=instance.pk).values_list("user_id", flat=True)
    cache.delete_many([_student_key(user_id) for user_id in users])
