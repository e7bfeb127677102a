"""Fixtures shared by the whole suite."""

import pytest
from django.core.cache import cache

from classrooms import services
from classrooms.models import Classroom


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rate-limit counters live in Redis; every test starts with none."""
    cache.clear()
    yield


@pytest.fixture
def make_teacher(db):
    def make(email: str = "teacher@school.test", password: str = "Correct-Horse-9"):
        return services.teacher_signup(name="Ms Rivera", email=email, password=password)

    return make


@pytest.fixture
def teacher(make_teacher):
    return make_teacher()


@pytest.fixture
def classroom(teacher) -> Classroom:
    return services.classroom_create(
        teacher=teacher, name="Class 4A", sign_in_method=Classroom.SignInMethod.PICTURES
    )


@pytest.fixture
def student(classroom):
    return services.student_create(classroom=classroom, name="Ana B.")


@pytest.fixture
def teacher_client(client, teacher):
    client.force_login(teacher, backend="classrooms.auth.TeacherBackend")
    return client


@pytest.fixture
def student_client(client, student):
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    return client
