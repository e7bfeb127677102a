"""Matches: a game's settings, seed and move log, who sits where, and the current state."""

from django.db import models

from classrooms.models import Classroom, Student


class Match(models.Model):
    """One game being played (or waiting for players, or finished)."""

    class Status(models.TextChoices):
        LOBBY = "lobby", "Waiting for players"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    game = models.CharField(max_length=40)
    settings = models.JSONField(default=dict)
    seed = models.BigIntegerField()
    state = models.JSONField(null=True, blank=True)  # None until the game starts
    version = models.PositiveIntegerField(default=0)  # +1 for every change players can see
    move_count = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY)
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="matches")
    host = models.ForeignKey(
        Student, on_delete=models.SET_NULL, null=True, blank=True, related_name="hosted_matches"
    )
    assignment = models.ForeignKey(
        "classrooms.Assignment",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="matches",
    )
    outcome = models.JSONField(null=True, blank=True)
    # The last few moves as shown on the board ([{number, seat, text}], newest first): the
    # board is drawn without reading the move log.
    recent = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    last_move_at = models.DateTimeField(null=True, blank=True)
    # When the game's clock runs out (a turn limit, a challenge window); None: no clock.
    deadline_at = models.DateTimeField(null=True, blank=True)
    # Worked out after the game by the rules' analyse() ({"summary": ...}); None until then.
    analysis = models.JSONField(null=True, blank=True)
    # The deck level or variant the match counts toward in progress reports (the rules'
    # progress_level key, "level-3"); set at creation. No index: reports read
    # classrooms.StudentProgress, never matches by level.
    level = models.CharField(max_length=40, blank=True, default="")

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["classroom", "status"]),
            models.Index(fields=["status", "last_move_at"]),
            models.Index(fields=["status", "deadline_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"


class Seat(models.Model):
    """A place at the table: a student, or a bot of a given strength.

    A student who stays away too long keeps the seat but a bot plays it (`bot_stand_in`)
    until they come back.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    student = models.ForeignKey(
        Student, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    bot = models.CharField(max_length=20, blank=True)  # strength name for a bot seat
    bot_stand_in = models.BooleanField(default=False)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    won = models.BooleanField(null=True)  # set when the match finishes

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["match", "student"],
                condition=models.Q(student__isnull=False),
                name="seat_one_per_student",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def is_bot_turn_player(self) -> bool:
        """True when the bot plays this seat's turns (a bot seat, or a stand-in)."""
        return bool(self.bot) and (self.student_id is None or self.bot_stand_in)

    @property
    def is_open(self) -> bool:
        return self.student_id is None and not self.bot

    @property
    def display_name(self) -> str:
        if self.student_id:
            return self.student.name
        if self.bot:
            return f"{self.bot.capitalize()} bot"
        return "Open seat"


class MoveRecord(models.Model):
    """One applied move: the match is its settings, seed and these, in order."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField()  # 1, 2, 3 ... in the order applied
    seat = models.PositiveSmallIntegerField()
    by_bot = models.BooleanField(default=False)
    move = models.JSONField()
    text = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="move_unique_number"),
        ]

    def __str__(self) -> str:
        return f"move {self.number} of match {self.match_id}: {self.text}"


class LearningRecord(models.Model):
    """A learning event from a move (or a refused move) of a student: progress's raw material."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="learning")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="learning")
    game = models.CharField(max_length=40)
    level = models.CharField(max_length=40, blank=True)  # the settings' label, for people
    level_key = models.CharField(max_length=40, blank=True, default="")  # = Match.level
    move_number = models.PositiveIntegerField(null=True, blank=True)  # None: a refused move
    kind = models.CharField(max_length=30)
    skill = models.CharField(max_length=60)
    correct = models.BooleanField()
    mistake = models.CharField(max_length=40, blank=True)
    detail = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # With id last, a student's newest attempts at a level are read straight off the
        # index, backwards (progress's "last 100 attempts").
        indexes = [models.Index(fields=["student", "game", "level_key", "id"])]

    def __str__(self) -> str:
        return f"{self.skill} {'✓' if self.correct else '✗'}"
