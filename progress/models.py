"""What progress keeps: each student's compiled progress, the ledger of matches counted in it,
and the report jobs that rebuild it.

The tables were made by the classrooms app and keep its names (Meta.db_table): the models moved
here with no change to the database (classrooms migration 0007, progress migration 0001).
"""

from django.db import models

from classrooms.models import Classroom, Student


class StudentProgress(models.Model):
    """A student's progress in one game at one deck level (or variant), compiled from their
    ended matches and learning records by progress.services (rules: docs/rules.md)."""

    class Status(models.TextChoices):
        NOT_STARTED = "not_started", "Not started"
        PRACTISING = "practising", "Practising"
        PROFICIENT = "proficient", "Proficient"
        MASTERED = "mastered", "Mastered"

    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="progress")
    game = models.CharField(max_length=40)
    level = models.CharField(max_length=40)  # the rules' progress_level key ("level-3")
    level_label = models.CharField(max_length=80)
    games_played = models.PositiveIntegerField(default=0)  # started matches that have ended
    # Finished games that were the student's own (games.models.OWN_GAME: not given up, no
    # move by a stand-in bot, a real try of their own), and those won without help.
    games_finished = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    wins_with_help = models.PositiveIntegerField(
        default=0, db_default=0
    )  # own games won with a hint or help
    games_gave_up = models.PositiveIntegerField(default=0)  # ended games they gave up
    games_stood_in = models.PositiveIntegerField(default=0)  # a stand-in bot moved for them
    games_passive = models.PositiveIntegerField(
        default=0, db_default=0
    )  # finished with no try of their own
    seconds_played = models.PositiveBigIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0)  # facts and factor sets, not helped
    correct = models.PositiveIntegerField(default=0)
    hints = models.PositiveIntegerField(default=0)  # times they asked for a hint
    helped = models.PositiveIntegerField(default=0)  # facts and sets made with the app's help
    mistakes = models.JSONField(default=dict)  # mistake kind -> count (every kind of event)
    skills = models.JSONField(default=dict)  # skill ("7x8", "factors:91") -> [right, wrong]
    recent = models.JSONField(default=list)  # 1/0 for the last 100 attempts, newest last
    last_played_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.NOT_STARTED)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "classrooms_studentprogress"
        constraints = [
            models.UniqueConstraint(
                fields=["student", "game", "level"], name="progress_unique_level"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.student} · {self.game} {self.level_label}: {self.status}"


class ProgressCounted(models.Model):
    """A match whose learning records and result are in a student's progress: the ledger that
    adds each match once (written in the same transaction as the progress it adds to)."""

    pk = models.CompositePrimaryKey("student", "match")
    # Rebuilds rewrite this ledger in bulk (a school: half a million rows a night), so the
    # database does not check its keys (deferred checks cost seconds at each commit); Django
    # still deletes a student's or a match's rows with them. No index of its own on student:
    # the primary key starts with it.
    student = models.ForeignKey(
        Student, on_delete=models.CASCADE, related_name="+", db_index=False, db_constraint=False
    )
    match = models.ForeignKey(
        "games.Match", on_delete=models.CASCADE, related_name="+", db_constraint=False
    )

    class Meta:
        db_table = "classrooms_progresscounted"

    def __str__(self) -> str:
        return f"match {self.match_id} counted for student {self.student_id}"


class ReportJob(models.Model):
    """A rebuild of a class's progress in the background, with how far it has got."""

    class Kind(models.TextChoices):
        CLASS = "class", "Asked for by the teacher"
        NIGHTLY = "nightly", "Nightly rebuild"

    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting to start"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="report_jobs")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.CLASS)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)  # students compiled so far
    total = models.PositiveIntegerField(default=0)  # students to compile
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "classrooms_reportjob"
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["classroom", "status"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.classroom}: {self.status}"

    @property
    def is_active(self) -> bool:
        """Still queued or running."""
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

    @property
    def percent(self) -> int:
        """How far it has got, 0-100 (100 once done)."""
        if self.status == self.Status.DONE:
            return 100
        return min(100, round(100 * self.done / self.total)) if self.total else 0
