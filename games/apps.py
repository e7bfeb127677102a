from importlib import import_module

from django.apps import AppConfig
from django.conf import settings


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Importing a game's package registers it (engine.register): the platform offers the
        # games settings.GAMES lists and names none of them itself.
        for module in settings.GAMES:
            import_module(module)
        # A student removed from their class leaves their matches first (games.leaving).
        from classrooms.signals import student_removing

        from .leaving import on_student_removing

        student_removing.connect(on_student_removing, dispatch_uid="games-student-removing")
        # The services ask for wake-ups and analyses by signal; the tasks module sends them.
        from . import signals, tasks

        signals.wake_due.connect(tasks.on_wake_due, dispatch_uid="games-wake-due")
        signals.analysis_due.connect(tasks.on_analysis_due, dispatch_uid="games-analysis-due")
