"""Matches: a game's settings, seed and move log, who sits where, and the current state."""

from django.conf import settings as django_settings
from django.db import models
from django.db.models import Q

from classrooms.models import Classroom, Student

from .engine import Timeout, limits

TIMEOUT = Timeout.type  # the clock's entry in a move log

# Bots at one table get a name each, by seat, so "Pip challenged Dot" is clear.
BOT_NAMES = ("Ace", "Pip", "Dot", "Zig", "Lux", "Kit")
# A seat whose student was deleted: the game keeps its place, the child's name goes.
FORMER_STUDENT = "a former student"


def SET_FORMER_STUDENT(collector, field, sub_objs, using) -> None:  # named like SET_NULL
    """on_delete for Seat.student: the seat stays in its game, marked as a former student's
    and detached from the deleted record, so it is never taken for an open seat.

    The seats are loaded so that both updates go by primary key, the student first: a seat
    is never marked while it still names a student (the seat_former_student_detached check).
    """
    seats = list(sub_objs)
    collector.add_field_update(field, None, seats)
    collector.add_field_update(field.model._meta.get_field("former_student"), True, seats)


class Match(models.Model):
    """One game being played (or waiting for players, or finished)."""

    class Status(models.TextChoices):
        LOBBY = "lobby", "Waiting for players"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    class Mode(models.TextChoices):
        GAME = "game", "Game"  # the only mode that counts in progress, assignments, records
        LEARN = "learn", "Learn to play"  # a guided round from the game's script
        PRACTICE = "practice", "Teacher's practice"  # a teacher against bots

    game = models.CharField(max_length=limits.SLUG)
    settings = models.JSONField(default=dict)
    seed = models.BigIntegerField()
    state = models.JSONField(null=True, blank=True)  # None until the game starts
    version = models.PositiveIntegerField(default=0)  # +1 for every change players can see
    move_count = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.GAME)
    # A teacher's own games (practice, their Learn to play) belong to no class.
    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, null=True, blank=True, related_name="matches"
    )
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
    # When each bot-played seat acts next ({"seat": Unix time}), planned at each change.
    bots_due = models.JSONField(default=dict, blank=True, db_default={})
    # The earliest of those and the clock: when the match next needs a worker (None: never
    # until a player moves). The sweep finds matches whose wake-up was lost by it.
    due_at = models.DateTimeField(null=True, blank=True)
    # When the one wake-up task sent for this match is due (None: none is waiting). A change
    # sends another only when it needs the match woken sooner, so a flood of moves never
    # floods the queue (services._plan_wake).
    wake_at = models.DateTimeField(null=True, blank=True)
    # A bot's move or the clock failed this many times in a row here; at FAILURES_STUCK the
    # match is stuck: nothing retries it, and its teacher is told (and may try again or end it).
    failures = models.PositiveSmallIntegerField(default=0, db_default=0)
    stuck_at = models.DateTimeField(null=True, blank=True)
    stuck_reason = models.TextField(blank=True, default="", db_default="")
    # Worked out after the game by the rules' analyse() ({"summary": ...}); None until then.
    analysis = models.JSONField(null=True, blank=True)
    # The deck level or variant the match counts toward in progress reports (the rules'
    # progress_level key, "level-3"); set at creation. No index: reports read
    # progress.StudentProgress, never matches by level.
    level = models.CharField(max_length=limits.LEVEL_KEY, blank=True, default="")
    # A Learn to play round's progress through its script ({"step", "done"}); None otherwise.
    learn = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["classroom", "status"]),
            models.Index(fields=["status", "last_move_at"]),
            models.Index(fields=["status", "due_at"]),
            # Progress leaves out the few matches that are not games (Learn to play, a
            # teacher's practice): a small partial index finds them without a table scan.
            models.Index(fields=["id"], condition=~models.Q(mode="game"), name="match_not_a_game"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    @property
    def counts(self) -> bool:
        """Whether the match counts for anyone: only real games (not Learn to play, not a
        teacher's practice) reach progress, assignments and records."""
        return self.mode == self.Mode.GAME


class Seat(models.Model):
    """A place at the table: a student, or a bot of a given strength.

    A student who stays away too long keeps the seat but a bot plays it (`bot_stand_in`)
    until they come back. A seat still played by the stand-in when the game ends, or given up
    (`gave_up`), is not the student's own game: it meets no goal.

    When a teacher deletes a student, their seats in classmates' games stay (the game and its
    replay need every seat) with no student and `former_student` set: "a former student".
    An open seat is one with no person, no former person and no bot.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    student = models.ForeignKey(
        Student, on_delete=SET_FORMER_STUDENT, null=True, blank=True, related_name="seats"
    )
    # The student who sat here was deleted (their name and records are gone).
    former_student = models.BooleanField(default=False)
    bot = models.CharField(max_length=limits.BOT, blank=True)  # a bot's strength name
    bot_stand_in = models.BooleanField(default=False)
    # A teacher's seat (practice, Learn to play); never counted for anyone.
    teacher = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="seats",
    )
    gave_up = models.BooleanField(default=False)
    # What the seat's game was, kept as it is played and never undone (games/services.py):
    # a stand-in bot made one of the person's moves; the seat's latest move was a stand-in's
    # (its hand is the bot's until the person moves again); the app helped (a hint, results
    # shown); the person made a real attempt of their own (Game.is_attempt).
    stood_in = models.BooleanField(default=False, db_default=False)
    stand_in_last = models.BooleanField(default=False, db_default=False)
    helped = models.BooleanField(default=False, db_default=False)
    attempted = models.BooleanField(default=False, db_default=False)
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
            models.CheckConstraint(
                condition=models.Q(former_student=False) | models.Q(student__isnull=True),
                name="seat_former_student_detached",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def is_human(self) -> bool:
        """A person's seat: a student's, a teacher's, or a since deleted student's (a bot's
        moves there are a stand-in's, never told as the person's)."""
        return self.student_id is not None or self.teacher_id is not None or self.former_student

    @property
    def is_bot_turn_player(self) -> bool:
        """True when the bot plays this seat's turns (a bot seat, or a stand-in)."""
        return bool(self.bot) and (not self.is_human or self.bot_stand_in)

    @property
    def is_open(self) -> bool:
        return not self.is_human and not self.bot

    @property
    def is_own_game(self) -> bool:
        """Whether a finished game was the student's own (OWN_GAME): not given up, no move
        made by a stand-in bot, and a real attempt of their own in it."""
        return not self.gave_up and not self.stood_in and self.attempted

    @property
    def is_passive(self) -> bool:
        """Played to the end by them alone, but with no real attempt (PASSIVE)."""
        return not self.gave_up and not self.stood_in and not self.attempted

    @property
    def own_win(self) -> bool:
        """A win of their own, without the app's help (OWN_WIN)."""
        return bool(self.won) and self.is_own_game and not self.helped

    def stand_in_by(self, by_bot: bool, move_type: str) -> dict | None:
        """Who made a move at this seat, as its log events keep it (engine.mark_mover's "by"):
        a bot's move on a person's seat, other than the clock's, is a stand-in's ({"seat",
        "bot"}); None, the person's own (or the clock's, or a bot seat's)."""
        if by_bot and self.is_human and move_type != TIMEOUT:
            return {"seat": self.index, "bot": self.bot_name}
        return None

    @property
    def bot_name(self) -> str:
        """ "Pip (easy bot)": each bot seat at a table has its own name."""
        return f"{BOT_NAMES[self.index % len(BOT_NAMES)]} ({self.bot} bot)"

    @property
    def display_name(self) -> str:
        if self.former_student:
            return FORMER_STUDENT
        if self.student_id:
            return self.student.name
        if self.teacher_id:
            return self.teacher.get_full_name() or "Teacher"
        if self.bot:
            return self.bot_name
        return "Open seat"


# New columns have database defaults too: a server still running the release before them (a
# rolling deploy) or a raw INSERT (bench/progress.py) can add rows without naming them.

# What a finished game counts for, as queries on Seat (with the match finished): the one
# definition goals, progress, records and reports all use (docs/rules.md, "Only the child's
# own play counts"). Given up, stood in for or passive: it meets no goal.
OWN_GAME = Q(gave_up=False, stood_in=False, attempted=True)
OWN_WIN = OWN_GAME & Q(won=True, helped=False)
WON_WITH_HELP = OWN_GAME & Q(won=True, helped=True)
STOOD_IN = Q(gave_up=False, stood_in=True)
PASSIVE = Q(gave_up=False, stood_in=False, attempted=False)


class MoveRecord(models.Model):
    """One applied move: the match is its settings, seed and these, in order."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField()  # 1, 2, 3 ... in the order applied
    seat = models.PositiveSmallIntegerField()
    by_bot = models.BooleanField(default=False)
    move = models.JSONField()
    text = models.CharField(max_length=limits.MOVE_TEXT)  # Game.describe(), cut to fit
    # The id of the board the player moved from ("" for bots and clocks): a POST retried after a
    # lost answer finds its move already played instead of a stale board.
    submission = models.CharField(max_length=32, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="move_unique_number"),
            models.UniqueConstraint(
                fields=["match", "submission"],
                condition=~models.Q(submission=""),
                name="move_unique_submission",
            ),
        ]

    def __str__(self) -> str:
        return f"move {self.number} of match {self.match_id}: {self.text}"


class LearningRecord(models.Model):
    """A learning event from a move (or a refused move) of a student: progress's raw material."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="learning")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="learning")
    game = models.CharField(max_length=limits.SLUG)
    # The settings' label, for people ("Level 2 · 5 cards · captured cards counted · 60 s to
    # choose"): any length. Progress groups by level_key, never by this.
    level = models.TextField(blank=True)
    level_key = models.CharField(max_length=limits.LEVEL_KEY, blank=True, default="")  # Match's
    move_number = models.PositiveIntegerField(null=True, blank=True)  # None: a refused move
    kind = models.CharField(max_length=limits.KIND)
    skill = models.CharField(max_length=limits.SKILL)
    correct = models.BooleanField()
    mistake = models.CharField(max_length=limits.MISTAKE, blank=True)
    detail = models.JSONField(default=dict)
    # The app helped (a hint showed this set, the board showed the result): help, not skill.
    helped = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # With id last, a student's newest attempts at a level are read straight off the
        # index, backwards (progress's "last 100 attempts").
        indexes = [models.Index(fields=["student", "game", "level_key", "id"])]

    def __str__(self) -> str:
        return f"{self.skill} {'✓' if self.correct else '✗'}"
