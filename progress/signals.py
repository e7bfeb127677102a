"""What the progress services ask of progress's tasks, without importing them (progress/apps.py
connects progress.tasks): a report job was queued and committed (sent with job_id)."""

from django.dispatch import Signal

report_job_queued = Signal()
