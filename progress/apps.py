from django.apps import AppConfig


class ProgressConfig(AppConfig):
    name = "progress"
    verbose_name = "Progress and reports"

    def ready(self) -> None:
        # Progress listens to the games app (which never names it): every ended match that
        # counts is added to its students' progress, in every process that may end one.
        from games.signals import match_ended

        from . import signals
        from .tasks import on_match_ended, on_report_job_queued

        match_ended.connect(on_match_ended, dispatch_uid="progress-on-match-ended")
        # The services queue report jobs by signal: they never import the tasks.
        signals.report_job_queued.connect(on_report_job_queued, dispatch_uid="progress-jobs")
