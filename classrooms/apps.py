from django.apps import AppConfig


class ClassroomsConfig(AppConfig):
    name = "classrooms"
    verbose_name = "Classes and students"
