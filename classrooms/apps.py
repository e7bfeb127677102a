from django.apps import AppConfig


class ClassroomsConfig(AppConfig):
    name = "classrooms"
    verbose_name = "Classes and students"

    def ready(self) -> None:
        # Connect the signal receivers that keep the signed-in student cache honest in every
        # process (web and Celery), not only once a request has loaded the auth backends.
        from . import auth  # noqa: F401
