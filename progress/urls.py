"""Progress for teachers (a class, a student, the CSV, printing, report jobs), a student's data
download, and a student's own page."""

from django.urls import path

from .views import export, reports, student_home

urlpatterns = [
    path("classes/<int:pk>/progress/", reports.class_progress, name="class_progress"),
    path("classes/<int:pk>/progress.csv", reports.class_progress_csv, name="class_progress_csv"),
    path(
        "classes/<int:pk>/progress/print/",
        reports.class_progress_print,
        name="class_progress_print",
    ),
    path("classes/<int:pk>/progress/update/", reports.progress_update, name="progress_update"),
    path(
        "classes/<int:pk>/progress/jobs/<int:job_pk>/",
        reports.progress_job,
        name="progress_job",
    ),
    path(
        "classes/<int:pk>/students/<int:student_pk>/progress/",
        reports.student_progress,
        name="student_progress",
    ),
    path(
        "classes/<int:pk>/students/<int:student_pk>/data.json",
        export.student_export_download,
        name="student_export",
    ),
    path("me/", student_home.student_home, name="student_home"),
]
