"""What every game must provide so that children and teachers can learn it inside the app.

Pure Python like the rules: plain words and plain data. The platform draws a game's pictures
with the game's own board template (`templates/games/<slug>/_picture.html`), so a How to play
shows the cards and boards exactly as the game draws them.

- `HowToPlay`: short steps for children (about a 9-year-old's reading level), each with an
  optional picture, including the worked examples of the rule text.
- `LearnScript`: the guided Learn to play round: a fixed, friendly deal (settings, players,
  seed) and the steps the coach walks the learner through. The learner always sits in seat 0;
  other seats are played by the script; `CLOCK` steps let the clock run out.
- `RulesSection`: the full rules a teacher reads, with the settings and decisions that change
  play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LEARNER = 0  # the learner's seat in a Learn to play round
CLOCK = -1  # a Learn to play step where the clock runs out (no player moves)
MAX_WORDS = 60  # a child reads one short step at a time


@dataclass(frozen=True)
class Picture:
    """Something to draw with the game's own pieces.

    `kind` and `data` are read by the game's `_picture.html`; `caption` says in words what it
    shows (it is the picture's text for screen readers, so the picture never stands alone).
    """

    kind: str
    data: dict[str, Any]
    caption: str


@dataclass(frozen=True)
class HowToStep:
    """One step of a How to play: a title, a few plain sentences, and maybe a picture."""

    title: str
    text: str
    picture: Picture | None = None


@dataclass(frozen=True)
class HowToPlay:
    """A game explained to a child: the goal in one sentence, then short steps."""

    goal: str
    steps: tuple[HowToStep, ...]


@dataclass(frozen=True)
class LearnStep:
    """One step of a Learn to play round.

    say: what the coach says before the step ("Find 20 = 4 × 5: tap 20 first, then 4 and 5");
    for a step of another seat or the clock, what the learner should watch.
    moves: the JSON forms of the moves the step accepts. A learner's step accepts any one of
    them, or with `all_of` needs every one of them, in any order. Another seat's step plays
    its first move; a CLOCK step needs none.
    seat: LEARNER, another seat (played by the script) or CLOCK.
    then: what the coach says once the step is done ("20 = 4 × 5: a factor set!").
    highlight: CSS selectors of the board's elements to point at during the step.
    """

    say: str
    moves: tuple[dict[str, Any], ...] = ()
    seat: int = LEARNER
    then: str = ""
    all_of: bool = False
    highlight: tuple[str, ...] = ()


@dataclass(frozen=True)
class LearnScript:
    """A guided first game: a fixed deal, the coach's words, and the steps in order."""

    settings: dict[str, Any]
    players: int
    seed: int
    intro: str
    steps: tuple[LearnStep, ...]
    finish: str
    names: tuple[str, ...] = field(default=())  # names of the script's other seats, if any


@dataclass(frozen=True)
class RulesSection:
    """A part of the rules a teacher reads ("Setting up", "A turn", "Scoring", "Settings")."""

    title: str
    paragraphs: tuple[str, ...]


def check_texts(game) -> None:
    """Raise ValueError if a game's How to play, Learn to play or teachers' rules are missing
    or malformed (the registry calls this: a game without them cannot be registered)."""
    how = game.how_to_play()
    if not isinstance(how, HowToPlay) or not how.goal or not how.steps:
        raise ValueError(f"{game.slug}: how_to_play() must give a goal and steps")
    for step in how.steps:
        if not (isinstance(step, HowToStep) and step.title and step.text):
            raise ValueError(f"{game.slug}: every How to play step needs a title and text")
        if len(step.text.split()) > MAX_WORDS:
            raise ValueError(f"{game.slug}: How to play step {step.title!r} is too long")
        if step.picture is not None and not (step.picture.kind and step.picture.caption):
            raise ValueError(f"{game.slug}: a picture needs a kind and a caption")
    script = game.learn_to_play()
    if not isinstance(script, LearnScript) or not script.steps or not script.intro:
        raise ValueError(f"{game.slug}: learn_to_play() must give an intro and steps")
    if not game.min_players <= script.players <= game.max_players:
        raise ValueError(f"{game.slug}: the Learn to play round has a wrong number of players")
    for step in script.steps:
        if not (isinstance(step, LearnStep) and step.say and (step.moves or step.seat == CLOCK)):
            raise ValueError(f"{game.slug}: every Learn to play step needs words and moves")
        if step.seat != CLOCK and not 0 <= step.seat < script.players:
            raise ValueError(f"{game.slug}: a Learn to play step names a seat that is not there")
    if not any(step.seat == LEARNER for step in script.steps):
        raise ValueError(f"{game.slug}: the learner must make at least one move")
    sections = game.rules_for_teachers()
    if not sections or not all(
        isinstance(s, RulesSection) and s.title and s.paragraphs for s in sections
    ):
        raise ValueError(f"{game.slug}: rules_for_teachers() must give titled sections")
