"""Teachers, their classes and the students in them."""

import secrets

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.formats import date_format

from . import signin

JOIN_CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"  # no look-alikes: 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B
JOIN_CODE_LENGTH = 6
STUDENT_NAME_MAX = 40
CLASS_NAME_MAX = 60


def new_join_code() -> str:
    """A random class code such as 'FACT34'."""
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


class User(AbstractUser):
    """Anyone who signs in: a teacher (by email) or a student (through their class)."""

    class Role(models.TextChoices):
        TEACHER = "teacher", "Teacher"
        STUDENT = "student", "Student"

    role = models.CharField(max_length=10, choices=Role.choices, default=Role.TEACHER)

    @property
    def is_teacher(self) -> bool:
        return self.role == self.Role.TEACHER

    @property
    def is_student(self) -> bool:
        return self.role == self.Role.STUDENT


class ClassroomQuerySet(models.QuerySet):
    def for_teacher(self, user: User) -> "ClassroomQuerySet":
        """The classes this user teaches (none for anyone else)."""
        if not user.is_authenticated or not user.is_teacher:
            return self.none()
        return self.filter(teacher=user)


class Classroom(models.Model):
    """A teacher's class: a roster of students and the code they sign in with."""

    class SignInMethod(models.TextChoices):
        PICTURES = "pictures", "Picture password (3 pictures in order)"
        PASSWORD = "password", "Short password (a word and two digits)"

    teacher = models.ForeignKey(User, on_delete=models.CASCADE, related_name="classrooms")
    name = models.CharField(max_length=CLASS_NAME_MAX)
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True, default=new_join_code)
    sign_in_method = models.CharField(
        max_length=10, choices=SignInMethod.choices, default=SignInMethod.PICTURES
    )
    # Whether games make sounds for students who have not chosen for themselves.
    sounds = models.BooleanField(default=True)
    # Whether classmates may watch each other's tables (as spectators: no hand is shown).
    allow_watching = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ClassroomQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def uses_pictures(self) -> bool:
        return self.sign_in_method == self.SignInMethod.PICTURES


class Student(models.Model):
    """A child in a class. Signs in with the class code, their name and a secret."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="student")
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="students")
    name = models.CharField(max_length=STUDENT_NAME_MAX)
    # Kept readable on purpose: the teacher prints them on sign-in cards (docs/rules.md).
    picture_secret = models.CharField(max_length=40, default=signin.new_picture_secret)
    word_secret = models.CharField(max_length=20, default=signin.new_word_secret)
    # The student's own sound switch; None: the class's default (Classroom.sounds).
    sound = models.BooleanField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [Lower("name"), "pk"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"), "classroom", name="student_name_unique_in_class"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def pictures(self) -> list[str]:
        return self.picture_secret.split()


class Assignment(models.Model):
    """A game a teacher asks a class (or some of its students) to play, with a goal."""

    class Goal(models.TextChoices):
        FINISH = "finish", "Finish games"
        WIN = "win", "Win games"

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    game = models.CharField(max_length=40)
    settings = models.JSONField(default=dict)
    goal = models.CharField(max_length=10, choices=Goal.choices, default=Goal.FINISH)
    goal_count = models.PositiveSmallIntegerField(default=3)
    due_date = models.DateField(null=True, blank=True)
    # Empty: the whole class, including students who join later.
    students = models.ManyToManyField(Student, blank=True, related_name="assignments")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game} for {self.classroom}"

    @property
    def goal_text(self) -> str:
        verb = "Finish" if self.goal == self.Goal.FINISH else "Win"
        return f"{verb} {self.goal_count} game{'s' if self.goal_count != 1 else ''}"

    @property
    def overdue(self) -> bool:
        """Its due date has passed (an assignment is due by the end of its due day)."""
        return self.due_date is not None and self.due_date < timezone.localdate()

    @property
    def due_text(self) -> str:
        """ "Tue 3 Feb", with the year when it is not this year ("Tue 3 Feb 2027")."""
        if self.due_date is None:
            return ""
        this_year = self.due_date.year == timezone.localdate().year
        return date_format(self.due_date, "D j M" if this_year else "D j M Y")


class StudentProgress(models.Model):
    """A student's progress in one game at one deck level (or variant), compiled from their
    ended matches and learning records by classrooms.progress (rules: docs/rules.md)."""

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
