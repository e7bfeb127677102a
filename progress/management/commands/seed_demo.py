"""Create (or refresh) the demo teacher and class that `make run` prints logins for, with an
assignment and a few finished games so a new teacher sees a real progress report at once."""

import random
from contextlib import contextmanager
from datetime import timedelta

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from classrooms import services
from classrooms.models import Assignment, Classroom, Student, User
from config.demo import ASSIGNMENT, AWAY_AFTER, DEMO_GAMES, FIRST, GIVE_UP, ONLY, OWN, STAND_IN
from games import services as games
from games.assignments import assignment_create
from games.engine import get_game
from games.models import Match
from progress.services import progress_rebuild

DEMO_EMAIL = "teacher@demo.factorium"
DEMO_PASSWORD = "factor-demo-2026"
DEMO_CODE = "FACT34"
DEMO_STUDENTS = [
    ("Ana", "cat sun tree"),
    ("Ben", "dog moon star"),
    ("Chloe", "fish apple car"),
    ("Dev", "bird house ball"),
    ("Emma", "star cat apple"),
    ("Femi", "tree ball moon"),
]
MOVE_CAP = 3000  # a seeded game that has not ended by then is a bug, not a long game


class Command(BaseCommand):
    help = "Create the demo class with an assignment and finished games (safe to run again)."

    @transaction.atomic
    def handle(self, *args, **options):
        teacher = User.objects.filter(username=DEMO_EMAIL).first()
        if teacher is None:
            teacher = services.teacher_signup(
                name="Demo Teacher", email=DEMO_EMAIL, password=DEMO_PASSWORD
            )
        classroom, _ = Classroom.objects.get_or_create(
            join_code=DEMO_CODE, defaults={"teacher": teacher, "name": "Demo Class 5B"}
        )
        students = {}
        for name, pictures in DEMO_STUDENTS:
            student = classroom.students.filter(name=name).first()
            if student is None:
                student = services.student_create(classroom=classroom, name=name)
            Student.objects.filter(pk=student.pk).update(
                picture_secret=pictures, word_secret=f"{name.lower()}42"
            )
            students[name] = student
        if not classroom.assignments.filter(game=ASSIGNMENT[0]).exists():
            assignment_create(
                classroom=classroom,
                game=ASSIGNMENT[0],
                settings=ASSIGNMENT[1],
                goal=Assignment.Goal.FINISH,
                goal_count=3,
                due_date=timezone.localdate() + timedelta(days=7),
            )
        played = seed_games(classroom, students)
        if played:
            progress_rebuild(classroom_id=classroom.pk)
        self.stdout.write(self.style.SUCCESS("Demo class ready."))
        if played:
            self.stdout.write(f"  {played} finished games played for the progress report.")
        self.stdout.write(f"  Teacher sign-in: {DEMO_EMAIL} / {DEMO_PASSWORD}")
        self.stdout.write(f"  Students: class code {DEMO_CODE}, then a name, then pictures:")
        for name, pictures in DEMO_STUDENTS:
            self.stdout.write(f"    {name:<6} {pictures.replace(' ', ' → ')}")


def seed_games(classroom: Classroom, students: dict[str, Student]) -> int:
    """Play the demo games that are not there yet (found by their seed); how many were played."""
    played = 0
    with _no_side_effects():
        for name, game, settings, player_bot, opponents, seed, *how in DEMO_GAMES:
            if classroom.matches.filter(game=game, seed=seed).exists():
                continue
            play_game(students[name], game, settings, player_bot, opponents, seed, *how)
            played += 1
    for match in classroom.matches.filter(analysis__isnull=True, status=Match.Status.FINISHED):
        games.match_analyse(match_id=match.pk)  # what the games page shows a teacher
    return played


def play_game(
    student: Student,
    game: str,
    settings: dict,
    player_bot: str,
    opponents: list[str],
    seed: int,
    how: str | tuple[str, str] = OWN,
) -> Match:
    """One whole game through the services, as in a classroom: the student's moves are
    chosen by one of the rules' bots and sent with services.match_play; bot seats move with
    services.match_bot_play; `how` the student plays as config/demo.py says."""
    rules = get_game(game)
    chooser = rules.bots()[player_bot]
    rng = random.Random(seed)
    match = games.match_create(
        game=game,
        settings=settings,
        classroom=student.classroom,
        seats=[games.SeatSpec(student=student), *[games.SeatSpec(bot=b) for b in opponents]],
        host=student,
        seed=seed,
    )
    own = 0  # moves the student made
    for _ in range(MOVE_CAP):
        if match.status != Match.Status.PLAYING:
            return match
        player = rules.current_player(match.state)
        away = how in (GIVE_UP, STAND_IN) and own >= AWAY_AFTER
        if player == 0 and away and how == GIVE_UP:
            match = games.match_give_up(match_id=match.pk, player=student)
            continue
        if player == 0 and away and not match.seats.filter(index=0, bot_stand_in=True).exists():
            match.seats.filter(index=0).update(bot=player_bot, bot_stand_in=True)
        if player == 0 and not away:
            moves = rules.legal_moves(match.state, 0)
            wanted = how[1] if how[0] == ONLY or (how[0] == FIRST and own == 0) else None
            move = next((m for m in moves if m.type == wanted), None)
            if move is None:
                move = chooser.choose_move(rules.view(match.state, 0), moves, rng)
            match = games.match_play(
                match_id=match.pk, player=student, move=move.to_json(), version=match.version
            ).match
            own += 1
        elif player is not None and games.match_bot_play(
            match_id=match.pk, version=match.version, player=player
        ):
            match.refresh_from_db()
        else:  # nobody can move: the game waits for its clock
            games.match_clock(match_id=match.pk, version=match.version)
            match.refresh_from_db()
    raise RuntimeError(f"The demo game {game} (seed {seed}) did not end.")


@contextmanager
def _no_side_effects():
    """Drop what the seeded moves ask to do after the commit (publish each move, wake the
    bots, count progress): nobody watches these games, they are over when the command ends,
    and the progress rebuild counts them all at once."""
    connection = transaction.get_connection()
    start = len(connection.run_on_commit)
    try:
        yield
    finally:
        del connection.run_on_commit[start:]
