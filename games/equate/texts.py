"""Equate explained: How to play (for children), the guided Learn to play round and the full
rules a teacher reads. Pure Python, like the rules.

Rule text: Equate's rule text; decisions: docs/rules.md, "Equate". The examples are the rule
text's own (23 from 2 and 3, 2½, 15², 05 refused, the expressions 45, 4 + 3 and 2 × 8 − 5) and
one small game: "2 + 3 = 5" on the star, then "2 × 3 = 6" down through its 3.
tests/games/equate/test_texts.py reads every example through expr.read_line and plays every
board picture and every score through rules.play, so no number here can drift from the rules.

This module imports nothing from game.py (game.py imports these texts, and the circle would
break its import); the test checks that the settings and choices named here are game.py's.

The pictures are for templates/games/equate/_picture.html:

- "rack": {"tiles": [tile, ...], "equals": bool, "line": str} - a rack of tiles, and the "="
  that is always beside the board when `equals`;
- "board": {"rows": [[cell, ...], ...], "line": str, "score": int or None, "reads": [str]} -
  a piece of the board as the game draws it: each cell {"row", "col", "premium" ("2S", "3S",
  "2E", "3E" or None), "centre", "tile": None or tile}; the tiles of the play shown have
  "new": True. "score" is what that play scores, "reads" every line it makes as the rules
  read them (the main line first);
- "tiles": {"examples": [{"tiles": [tile, ...], "says": str, "ok": bool}], "line": str} -
  short rows of tiles, each with what it makes ("23") or why it is not allowed (ok False).

A tile is {"face", "display", "score", "new"}: the face as the rules know it ("1/2"), as it is
shown ("½"), its points.
"""

from __future__ import annotations

from typing import Any

from games.engine.texts import (
    HowToPlay,
    HowToStep,
    LearnScript,
    LearnStep,
    Picture,
    RulesSection,
)

from .rules import ALL_NINE_BONUS, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, RACK_SIZE
from .tiles import (
    ADVANCED,
    BLANK,
    CENTRE,
    EQUALS,
    EQUALS_SUPPLY,
    FRACTIONS,
    ORIGINAL,
    PREMIUMS,
    SCORES,
    display,
)

ROUND_CHOICES = (3, 5, 10, 15, 20)  # game.ROUND_CHOICES (checked by the test)
TILE_SET_NAMES = {"whole": "Whole numbers", "original": "Original", "advanced": "Advanced"}
VALUES_SETTING = "Values while building"  # game.py's "values" setting: hidden or shown

Square = tuple[int, int]


# --- pictures -------------------------------------------------------------------------------------
def _tile(face: str, new: bool = False) -> dict[str, Any]:
    return {"face": face, "display": display(face), "score": SCORES[face], "new": new}


def lay(row: int, col: int, text: str, down: bool = False) -> dict[Square, str]:
    """Faces written with spaces ("2 + 3 = 5", "1 0" for 10) laid from (row, col)."""
    step = (1, 0) if down else (0, 1)
    return {(row + k * step[0], col + k * step[1]): f for k, f in enumerate(text.split())}


def _board(
    old: dict[Square, str],
    new: dict[Square, str],
    corner: Square,
    size: tuple[int, int],
    line: str,
    caption: str,
    score: int | None = None,
    reads: tuple[str, ...] = (),
) -> Picture:
    """A piece of the board from `corner` (row, col), `size` (rows, cols) big, with the tiles
    already there (`old`) and the play shown (`new`), premium squares as the board has them."""
    rows = []
    for row in range(corner[0], corner[0] + size[0]):
        cells = []
        for col in range(corner[1], corner[1] + size[1]):
            face = new.get((row, col), old.get((row, col)))
            cells.append(
                {
                    "row": row,
                    "col": col,
                    "premium": PREMIUMS.get((row, col)),
                    "centre": (row, col) == CENTRE,
                    "tile": None if face is None else _tile(face, (row, col) in new),
                }
            )
        rows.append(cells)
    data = {"rows": rows, "line": line, "score": score, "reads": list(reads)}
    return Picture("board", data, caption)


def _example(text: str, says: str, ok: bool = True) -> dict[str, Any]:
    return {"tiles": [_tile(face) for face in text.split()], "says": says, "ok": ok}


def _examples(examples: list[dict[str, Any]], line: str, caption: str) -> Picture:
    return Picture("tiles", {"examples": examples, "line": line}, caption)


# One small game, played on the real board: the first play covers the star (the centre, a 2E)
# with its 5 on a 2S; the second goes down through the 3 with its 2 and 6 on 3S squares.
FIRST = lay(9, 9, "2 + 3 = 5")
SECOND = lay(7, 11, "2 ×", down=True) | lay(10, 11, "= 6", down=True)
LONGER = lay(9, 14, "× 1")  # "2 + 3 = 5" made longer: "2 + 3 = 5 × 1"
ACROSS_TOO = lay(8, 13, "6 − 2 = 4")  # its 6 sits on the 5: going down, "65"


def _main_line(old: dict[Square, str], new: dict[Square, str]) -> list[Square]:
    """The squares of the line the new tiles make (across when they share a row)."""
    filled = old | new
    first = min(new)
    step = (0, 1) if len({r for r, _ in new}) == 1 and len(new) > 1 else (1, 0)
    row, col = first
    while (row - step[0], col - step[1]) in filled:
        row, col = row - step[0], col - step[1]
    line = []
    while (row, col) in filled:
        line.append((row, col))
        row, col = row + step[0], col + step[1]
    return line


def scoring(old: dict[Square, str], new: dict[Square, str]) -> tuple[int, str]:
    """A play's score and how it is worked out, in words ("Points: 1 + 1 + ..."): each tile's
    points, a new 2S or 3S tile's times 2 or 3, then the sum times each new 2E or 3E."""
    parts, notes, times_line = [], [], []
    for square in _main_line(old, new):
        face = (old | new)[square]
        points = SCORES[face]
        premium = PREMIUMS.get(square) if square in new else None
        if premium in ("2S", "3S"):
            times = int(premium[0])
            parts.append(points * times)
            notes.append(
                f"the {display(face)} is on a {premium}: {points} × {times} = {points * times}"
            )
        else:
            parts.append(points)
        if premium in ("2E", "3E"):
            where = "the star, a 2E" if square == CENTRE else f"a {premium}"
            times_line.append((int(premium[0]), f"The {display(face)} is on {where}"))
    total = sum(parts)
    words = f"Points: {' + '.join(str(p) for p in parts)} = {total}"
    because = f" ({'; '.join(notes)})" if notes else ""
    if not times_line:
        return total, f"{words} points{because}."
    words += because
    for times, where in times_line:
        words += f". {where}: {total} × {times} = {total * times}"
        total *= times
    return total, f"{words} points."


FIRST_SCORE, FIRST_WORDS = scoring({}, FIRST)
SECOND_SCORE, SECOND_WORDS = scoring(FIRST, SECOND)
LONGER_SCORE, _ = scoring(FIRST, LONGER)

RACK = ["2", "+", "3", "1/2", "×", "5", "7", "÷", "4"]
RACK_PICTURE = Picture(
    "rack",
    {"tiles": [_tile(face) for face in RACK], "equals": True, "line": "Your tiles"},
    "A rack of nine tiles: 2, +, 3, ½, ×, 5, 7, ÷ and 4, each with its points. The = beside "
    "them is always there.",
)
FIRST_PICTURE = _board(
    {},
    FIRST,
    (8, 8),
    (3, 7),
    "2 + 3 = 5 covers the star.",
    "The first equation, 2 + 3 = 5, goes across the middle row. Its 2 covers the star.",
    reads=("2 + 3 = 5",),
)
SCORE_PICTURE = _board(
    {},
    FIRST,
    (9, 8),
    (1, 7),
    f"2 + 3 = 5 scores {FIRST_SCORE} points.",
    FIRST_WORDS,
    score=FIRST_SCORE,
    reads=("2 + 3 = 5",),
)
SECOND_PICTURE = _board(
    FIRST,
    SECOND,
    (7, 9),
    (5, 5),
    "2 × 3 = 6 goes down through the 3.",
    "2 + 3 = 5 is on the board. The next player puts 2 and × above the 3, and = and 6 below "
    "it: going down it reads 2 × 3 = 6.",
    reads=("2 × 3 = 6",),
)
SECOND_SCORE_PICTURE = _board(
    FIRST,
    SECOND,
    (7, 9),
    (5, 5),
    f"2 × 3 = 6 scores {SECOND_SCORE} points.",
    SECOND_WORDS,
    score=SECOND_SCORE,
    reads=("2 × 3 = 6",),
)
LONGER_PICTURE = _board(
    FIRST,
    LONGER,
    (9, 9),
    (1, 7),
    f"2 + 3 = 5 × 1 is still true. It scores {LONGER_SCORE} points.",
    "2 + 3 = 5 is on the board. Adding × and 1 at its end makes 2 + 3 = 5 × 1.",
    score=LONGER_SCORE,
    reads=("2 + 3 = 5 × 1",),
)
ACROSS_PICTURE = _board(
    FIRST,
    ACROSS_TOO,
    (8, 9),
    (2, 9),
    "Going down, 6 and 5 make 65.",
    "2 + 3 = 5 is on the board. 6 − 2 = 4 goes in the row above, with its 6 on top of the 5. "
    "Going down, the 6 and the 5 read 65.",
    reads=("6 − 2 = 4", "65"),
)

NUMBERS_PICTURE = _examples(
    [
        _example("2 3", "23"),
        _example("2 1/2", "2½"),
        _example("1 5²", "15²"),
    ],
    "Tiles side by side make one number.",
    "Three numbers made of tiles: 2 and 3 make 23, 2 and ½ make 2½, 1 and 5² make 15².",
)
NOT_ALLOWED_PICTURE = _examples(
    [
        _example("3 − 5", "Below 0: not allowed", ok=False),
        _example("0 5", "Write 5, not 05", ok=False),
        _example("− 4", "− is only for taking away", ok=False),
    ],
    "None of these can be played.",
    "Three things that are not allowed: 3 − 5 goes below 0, 05 has a 0 it does not need, and "
    "− 4 uses − for something that is not taking away.",
)
EXPRESSIONS_PICTURE = _examples(
    [
        _example("4 5", "0 points"),
        _example("4 + 3", "0 points"),
        _example("2 × 8 − 5", "0 points"),
    ],
    "Expressions: allowed, but 0 points.",
    "Three expressions with no = sign: 45, 4 + 3 and 2 × 8 − 5.",
)


def how_to_play() -> HowToPlay:
    """Equate for a child of 8 to 14, with the rule text's examples."""
    return HowToPlay(
        goal=(
            "Make true equations on the board with your tiles, like a crossword made of maths. "
            "Score points with your tiles and the bonus squares: the highest score wins!"
        ),
        steps=(
            HowToStep(
                "Your tiles",
                f"You get {RACK_SIZE} tiles from the bag: numbers and + − × ÷. The small number "
                "on a tile is its points. An = tile is always there beside the board, like a "
                "10th tile: you may use one = each turn. A blank tile can be any tile you want, "
                "but it scores 0.",
                RACK_PICTURE,
            ),
            HowToStep(
                "Your first equation",
                "Make a true equation like 2 + 3 = 5 in one row, read from left to right, or in "
                "one column, read from top to bottom. The very first equation must cover the "
                "star ★ in the middle of the board.",
                FIRST_PICTURE,
            ),
            HowToStep(
                "Join the tiles on the board",
                "After that, your tiles must touch a tile already on the board. Put all your "
                "tiles for a turn in one row or one column, with no gaps. You may use tiles "
                "already there: here 2 × 3 = 6 goes down through the 3.",
                SECOND_PICTURE,
            ),
            HowToStep(
                "Make an equation longer",
                "You may add tiles at one end or both ends of an equation on the board. It must "
                "still be true, and it may have only one =. So 2 + 3 = 5 can become "
                "2 + 3 = 5 × 1.",
                LONGER_PICTURE,
            ),
            HowToStep(
                "Making numbers",
                "Number tiles side by side make one number. 2 then 3 makes 23. 2 then ½ makes "
                "2½. With the Advanced tiles, 1 then 5² makes 15². Going down works the same "
                "way: read from the top.",
                NUMBERS_PICTURE,
            ),
            HowToStep(
                "× and ÷ come first",
                "Work out × and ÷ before + and −. Then go from left to right. So 2 + 3 × 4 = 14 "
                "is true: first 3 × 4, then add 2.",
            ),
            HowToStep(
                "Not allowed",
                "Nothing may go below 0, so 3 − 5 is not allowed. A number may not start with an "
                "extra 0: write 5, not 05. − only means take away, so it cannot stand in front "
                "of a number alone. If a play is not right, the game tells you why, and you try "
                "again.",
                NOT_ALLOWED_PICTURE,
            ),
            HowToStep(
                "Expressions",
                "You may also play one side of an equation with no =, like 45, 4 + 3 or "
                "2 × 8 − 5. That is an expression. It is allowed, but it scores 0 points. It can "
                "help you use up tiles at the end of the game.",
                EXPRESSIONS_PICTURE,
            ),
            HowToStep(
                "Lines across yours",
                "Your tiles may touch other tiles side by side. Then they make lines across your "
                "equation too, and each of those lines must be right: a true equation or an "
                "expression. Here the 6 sits on the 5, so going down it reads 65. That is fine.",
                ACROSS_PICTURE,
            ),
            HowToStep(
                "Scoring",
                "Add up the points of the tiles in your equation. A new tile on 2S or 3S counts "
                "2 or 3 times. Then a new 2E or 3E doubles or triples the whole equation. The "
                f"star is a 2E: 2 + 3 = 5 scores {FIRST_SCORE} points.",
                SCORE_PICTURE,
            ),
            HowToStep(
                "Tiles already there count too",
                "Tiles already on the board count their points in your equation too, but their "
                f"bonus squares were used up by whoever covered them. 2 × 3 = 6 scores "
                f"{SECOND_SCORE}: the 2 and the 6 are on 3S squares, the 3 counts just once.",
                SECOND_SCORE_PICTURE,
            ),
            HowToStep(
                f"All {RACK_SIZE} tiles",
                f"Use all {RACK_SIZE} of your tiles in one turn in an equation, and you get "
                f"{ALL_NINE_BONUS} extra points! The = from beside the board is not one of the "
                f"{RACK_SIZE}.",
            ),
            HowToStep(
                "Trade or pass",
                "Stuck? On your turn you may trade instead: give back some tiles and take as "
                "many new ones from the bag. You can only trade while the bag has enough tiles. "
                "Or you may pass. Trading or passing scores 0.",
            ),
            HowToStep(
                "The end",
                "The game ends when the bag is empty and a player uses their last tile, or when "
                "every player passes, one after the other. If your teacher set a time limit, it "
                "ends when everyone has had the same number of turns.",
            ),
            HowToStep(
                "Final scores",
                "At the end, the points of the tiles left in your hand are taken off your "
                "score. If you used your last tile, you get the points of everyone else's tiles "
                "too! After a time limit, scores stay as they are. The highest score wins.",
            ),
        ),
    )


# --- Learn to play --------------------------------------------------------------------------------
# Original tiles, two players, seed 770: the learner (seat 0) has × + + 8 9 3 5 × − and moves
# first; Pip has 6 ⅓ + 6 ⅔ ⅚ × ÷ 6. The learner makes 3 + 5 = 8 on the star; Pip makes
# 6 × 6 = 36 down through the 3; the learner makes 7 + 9 = 16 (or 9 + 7 = 16) ending on Pip's
# lowest 6; Pip makes 1 = ⅓ + ⅔ down from the learner's 1; the learner, left with
# × × − − − × − 0 8, trades (or passes); Pip makes 3 + 5 = 8 × 1, whatever the learner chose
# (Pip's rack and the board are the same after any of them). tests/games/equate/test_texts.py
# plays every accepted move through the rules. Each of the learner's plays uses no tile that has
# a twin elsewhere in the rack (the two + tiles sit side by side: either leaves the same game),
# so a child never picks an equal tile the coach would not take.
LEARN_SETTINGS = {"tiles": "original", "rounds": None, "values": "hidden"}
LEARN_SEED = 770
PIP = 1
LEARN_SCORES = (16, 11, 11, 14, 9)  # the five plays' scores, checked by the test


def _place(*tiles: tuple[int, int, int | str]) -> dict[str, Any]:
    """A play's JSON form: (row, col, rack position or "=") for each tile, no blank."""
    return {"type": "place", "tiles": [[row, col, tile, None] for row, col, tile in tiles]}


def _trade(*positions: int) -> dict[str, Any]:
    return {"type": "trade", "tiles": list(positions)}


def _square(row: int, col: int) -> str:
    return f'[data-row="{row}"][data-col="{col}"]'


def learn_to_play() -> LearnScript:
    """3 + 5 = 8 on the star, Pip's 6 × 6 = 36 through its 3, 7 + 9 = 16 ending on Pip's 6,
    Pip's 1 = ⅓ + ⅔, a trade of a rack full of − and ×, and Pip's 3 + 5 = 8 × 1."""
    first, pip_first, second, pip_second, pip_last = LEARN_SCORES
    # Rack × + + 8 9 3 5 × −: the two + tiles sit side by side, so either gives the same game.
    make_8 = [_place((9, 9, 5), (9, 10, plus), (9, 11, 6), (9, 12, "="), (9, 13, 3))
              for plus in (1, 2)]  # fmt: skip
    # Rack × + 9 × − 7 1 − −: 7 + 9 = 16 or 9 + 7 = 16, the 1 just left of Pip's 6 at (10, 9).
    make_16 = [
        _place((10, 4, a), (10, 5, 1), (10, 6, b), (10, 7, "="), (10, 8, 6))
        for a, b in ((5, 2), (2, 5))
    ]
    # Rack × × − − − × − 0 8: the four −, the three ×, all seven, all nine; or a pass.
    trades = [
        _trade(2, 3, 4, 6),
        _trade(0, 1, 5),
        _trade(0, 1, 2, 3, 4, 5, 6),
        _trade(*range(9)),
        {"type": "pass"},
    ]
    return LearnScript(
        settings=dict(LEARN_SETTINGS),
        players=2,
        seed=LEARN_SEED,
        names=("Pip",),
        intro=(
            "Let's play Equate with Pip! You each have 9 tiles. Take turns making true "
            "equations on the board, like a crossword made of numbers. Bonus squares give "
            "extra points."
        ),
        steps=(
            LearnStep(
                "Your rack has 3, +, 5 and 8. Make 3 + 5 = 8 across the middle row: put the 3 "
                "on the star ★, then +, 5, the = beside your rack, and 8, going right. Tap a "
                "tile, then a square. Then press “Play”.",
                tuple(make_8),
                then=(
                    f"3 + 5 = 8 is true! It scores {first} points: the 8 is on a 2S, and the "
                    "star is a 2E that doubles everything."
                ),
                highlight=("#eq-rack", _square(9, 9), "#eq-equals", "#eq-play"),
            ),
            LearnStep(
                "Now it is Pip's turn. Pip's tiles must touch tiles already on the board.",
                (_place((5, 9, 0), (6, 9, 6), (7, 9, 3), (8, 9, "="), (10, 9, 8)),),
                seat=PIP,
                then=(
                    f"Pip made 6 × 6 = 36 going down, for {pip_first} points. Pip's 6 sits "
                    "under your 3: side by side they make the number 36!"
                ),
                highlight=("#eq-board", "#eq-last"),
            ),
            LearnStep(
                "Your turn. Use Pip's lowest 6: put your 1 just left of it to make 16. Then "
                "fill the row to its left: 7, +, 9 and =, so it reads 7 + 9 = 16. Press "
                "“Play”. If a play is not right, the game tells you why: just try again.",
                tuple(make_16),
                then=(
                    f"Your 1 and Pip's 6 make one number: 16. That scores {second} points. "
                    "Tiles already on the board count too!"
                ),
                highlight=("#eq-rack", _square(10, 9), _square(10, 8), "#eq-play"),
            ),
            LearnStep(
                "Pip's turn again. Watch where Pip plays.",
                (_place((11, 8, "="), (12, 8, 0), (13, 8, 1), (14, 8, 2)),),
                seat=PIP,
                then=(
                    f"Pip made 1 = ⅓ + ⅔ going down from your 1, for {pip_second} points. An "
                    "equation can start with its answer, and fractions are welcome."
                ),
                highlight=("#eq-last", "#eq-scores"),
            ),
            LearnStep(
                "Your rack has lots of × and − but only two numbers. Trade some: press “Trade "
                "tiles”, tick your four − tiles, then press “Trade these”. You may pass "
                "instead.",
                tuple(trades),
                then=(
                    "Done! Trading or passing scores 0 for this turn, but new tiles can help you "
                    "on the next one."
                ),
                highlight=("#eq-trade", "#eq-rack", "#eq-pass"),
            ),
            LearnStep(
                "Pip's turn. Look at your first equation, 3 + 5 = 8.",
                (_place((9, 14, 8), (9, 15, 6)),),
                seat=PIP,
                then=(
                    "Pip made your equation longer: 3 + 5 = 8 × 1 is still true. Your tiles "
                    f"count for Pip too, but the star and the 2S were used up: {pip_last} points."
                ),
                highlight=("#eq-last", _square(9, 14), _square(9, 15)),
            ),
        ),
        finish=(
            "You know how to play Equate! Make true equations, build big numbers from tiles "
            "side by side, and use the bonus squares. Have fun!"
        ),
    )


# --- rules for teachers ---------------------------------------------------------------------------
def _and(items: list[str]) -> str:
    """ "2, 3 and 5" """
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def _counts(counts: dict[str, int]) -> str:
    """ "0 ×7, 1 ×10, ..., blank ×3" from a tile set's counts."""
    return ", ".join(f"{'blank' if f == BLANK else display(f)} ×{n}" for f, n in counts.items())


def _scores() -> str:
    """ "0, 1, 2, 3, + and blank: ..." grouped by points, from tiles.SCORES."""
    groups: dict[int, list[str]] = {}
    for face in [*ORIGINAL, EQUALS]:
        groups.setdefault(SCORES[face], []).append("blank" if face == BLANK else display(face))
    return "; ".join(
        f"{_and(names)}: {points} point{'s' * (points != 1)}"
        for points, names in sorted(groups.items())
    )


# The reasons a child sees, as the rules give them (the test reads each line through the rules).
REFUSALS = {
    "false": ("2 + 3 = 6", "2 + 3 = 6 is not true: 2 + 3 = 5"),
    "negative": ("3 − 5 + 4 = 2", "3 − 5 is negative (less than 0): that is not allowed."),
    "leading_zero": ("0 5 = 5", "05 has a 0 it does not need: write 5 instead."),
    "syntax": ("6 + = 6", "6 + = 6 is not complete: a number must come after +."),
    "minus": (
        "− 4 = 4",
        "− 4 = 4 is not complete: it cannot start with −. − is only for taking away.",
    ),
    "divide_by_zero": ("6 ÷ 0 = 0", "6 ÷ 0 cannot be worked out: nobody can divide by 0."),
    "two_equals": ("2 = 2 = 2", "2 = 2 = 2 has two = signs: a line can have only one =."),
}
REFUSAL_NAMES = {
    "false": "Not true",
    "negative": "Below 0",
    "leading_zero": "A zero not needed",
    "syntax": "Not complete",
    "minus": "− used to make a number negative",
    "divide_by_zero": "Dividing by 0",
    "two_equals": "Two = signs",
}
PLACING_REASONS = (
    "The first play must cover the centre square.",
    "These tiles are not in one row or one column.",
    "There is a gap between your tiles.",
    "Your play must touch a tile already on the board.",
)


def rules_for_teachers() -> list[RulesSection]:
    """The rule text's rules with our decisions (docs/rules.md "Equate") and every setting."""
    rounds = ", ".join(str(n) for n in ROUND_CHOICES[:-1]) + f" or {ROUND_CHOICES[-1]}"
    original, added = sum(ORIGINAL.values()), sum(ADVANCED.values())
    fractions = sum(ORIGINAL[face] for face in FRACTIONS)
    whole = original - fractions + EQUALS_SUPPLY
    return [
        RulesSection(
            "What the game is",
            (
                f"Equate is a crossword game of equations for {MIN_PLAYERS} to {MAX_PLAYERS} "
                "players. Players take turns placing number and operation tiles on a 19 × 19 "
                "board so that every row and column of touching tiles reads as a true equation "
                "(or an expression). It practises the four operations, fractions, the order of "
                "operations and place value. A child practising alone plays against a bot.",
            ),
        ),
        RulesSection(
            "Setting up",
            (
                f"The Original set has {original + EQUALS_SUPPLY} tiles: {EQUALS_SUPPLY} = tiles "
                f"kept beside the board, and {original} in the bag: {_counts(ORIGINAL)}. A "
                "blank stands for any tile the player names when placing it. The Advanced set "
                f"adds {added} tiles: {_counts(ADVANCED)} (negative numbers and powers). The "
                f"Whole numbers set, for beginners, is the Original set without its {fractions} "
                f"fraction tiles ({whole} tiles with the = tiles).",
                f"Each player draws {RACK_SIZE} tiles. The = is always available as a tenth "
                "tile, one per play, while any of the = tiles are left beside the board. The "
                "app seats the players; the first seat starts and turns go round in seat order.",
                "The board's premium squares are laid out symmetrically: 3E (the whole equation "
                "× 3) in the corners, at the middle of each edge and five squares from each "
                "corner along the edges; 2E (equation × 2) on the centre and along the "
                "diagonals; 3S and 2S (that tile's points × 3 or × 2) between them. The centre "
                "is marked with a star.",
            ),
        ),
        RulesSection(
            "A turn",
            (
                "On a turn a player either plays tiles, trades tiles or passes.",
                "A play puts tiles from the rack in one row (read left to right) or one column "
                "(read downward), with no gaps between them and the tiles already there, so "
                "that the whole line is a true equation with exactly one = (or an expression, "
                "see below). The first play must cover the centre square; every later play "
                "must touch a tile already on the board, side by side. An equation on the board "
                "may be extended at one or both ends if it stays true and keeps one =. A single "
                "tile is read along its row if it has a neighbour left or right, else along its "
                "column.",
                "Every line the play makes across its main line (two or more touching tiles) "
                "must also be a true equation or a complete expression. Each equation made this "
                "way scores as well.",
                "An expression is one side of an equation with no =, such as 45, 4 + 3 or "
                "2 × 8 − 5. It may be played but scores 0; it is a way to use up tiles, "
                "especially to go out at the end.",
                "While a child puts tiles down, the board reads back the line being made "
                "(\u201cYou are making: 12 + 3 = 15\u201d) but, unless the teacher shows values "
                "(see Settings), not what each side is worth or whether it is true: checking "
                "it is the child's work. The rules judge the play when it is played.",
            ),
        ),
        RulesSection(
            "Making numbers",
            (
                "Number tiles side by side make one number: 2 then 3 is 23, 2 then ½ is the "
                "mixed number 2½. With the Advanced tiles, -2 then 4 is -24 and 1 then 5² is "
                "15² (a power raises the whole number it ends). A negative tile can only start "
                "a number; a fraction or a power can only end one. A negative number takes no "
                "power.",
                "Unnecessary zeros are not allowed: 05, 00 and 0½ are refused; 0 alone and 10 "
                "are fine. The − tile only subtracts; it never makes a number negative.",
                "Arithmetic is exact (fractions, never decimals), with × and ÷ before + and −, "
                "then left to right. Nothing may go below 0: on each side, with × and ÷ worked "
                "out first, the running total of + and − from the left may never be negative, "
                "so 17 − 20 and also 3 − 5 + 4 are refused. A line with a negative tile "
                "(Advanced) may go below 0.",
            ),
        ),
        RulesSection(
            "What is not allowed, and what the child sees",
            (
                "A play that breaks a rule is refused and the child tries again; the turn is "
                "not lost. The reason is shown in words, for example:",
                *(
                    f"{REFUSAL_NAMES[kind]}: \u201c{reason}\u201d"
                    for kind, (_, reason) in REFUSALS.items()
                ),
                "Where the tiles go: \u201c" + "\u201d, \u201c".join(PLACING_REASONS) + "\u201d",
                "A line across the main line that is wrong gets the same reason with "
                "\u201cGoing down, \u201d or \u201cGoing across, \u201d in front. Only the first "
                "problem found is given. A false equation's reason shows the value of each side "
                "that is not a plain number: the child has already committed to the play, so "
                "the reason teaches.",
            ),
        ),
        RulesSection(
            "Scoring",
            (
                "An equation scores the points of all its tiles, including tiles already on the "
                "board. A tile placed this turn on a 2S or 3S counts 2 or 3 times; then the sum "
                "is doubled or tripled for each 2E or 3E covered this turn. Premium squares "
                "count only for the player who covers them, in every line through them in that "
                "play, and never again.",
                f"Tile points: {_scores()}. The Advanced negative tiles score 3, squares 4 and "
                "cubes 5. A blank scores 0 whatever it stands for.",
                f"Worked example: the first play 2 + 3 = 5 with the 2 on the centre star (2E) "
                f"and the 5 on a 2S. {FIRST_WORDS} Then 2 × 3 = 6 is played down through that "
                f"3, with the 2 and the 6 on 3S squares. {SECOND_WORDS} The 3 already on the "
                "board counts its own point only, with no premium.",
                f"Playing all {RACK_SIZE} rack tiles in one turn in an equation earns "
                f"{ALL_NINE_BONUS} extra points. The = from beside the board does not count "
                f"toward the {RACK_SIZE}; a blank does. An expression scores 0 even with all "
                f"{RACK_SIZE} tiles.",
            ),
        ),
        RulesSection(
            "Trading and passing",
            (
                "Instead of playing, a player may trade any number of rack tiles for as many "
                "new ones, while the bag holds at least that many. The new tiles are drawn "
                "first, then the old ones go back and the bag is shuffled. A trade scores 0.",
                "A player may pass at any time. A pass scores 0.",
            ),
        ),
        RulesSection(
            "The end and final scores",
            (
                "Going out: when the bag is empty and a player uses their last tile (an "
                "expression counts), the game ends. That player adds the points of every tile "
                "the others still hold, and each other player subtracts their own.",
                "When every player passes once, one after the other, the game ends, even with "
                "tiles left in the bag. Each player subtracts the points of the tiles they hold.",
                "With a time limit, the game ends after that many full rounds (everyone has had "
                "the same number of turns) and the scores stand as they are, with nothing added "
                "or subtracted.",
                "The highest score wins; equal highest scores share the win.",
            ),
        ),
        RulesSection(
            "Settings",
            (
                "Tiles: Whole numbers (the Original tiles without fractions, for beginners), "
                "Original (whole numbers and fractions, the default) or Advanced (adds "
                "negative numbers such as -2 and powers such as 5²). Only a teacher chooses the "
                "tile set; progress is counted separately for each, easiest first.",
                f"Time limit: no limit (play until the tiles run out), or {rounds} turns each. "
                "Everyone gets the same number of turns, then the highest score wins. Any whole "
                f"number of rounds from 1 to {MAX_ROUNDS} is accepted.",
                f"{VALUES_SETTING}: hidden (the default) or shown. Hidden, the board reads the "
                "line being built back to the child but never says what each side is worth: "
                "the child works out both sides, which is what the game practises. Shown, the "
                "board also gives the value of each side as the tiles go down, and every equation "
                "played that way counts as help in the progress report, not as the child's own "
                "skill. Only a teacher chooses it.",
            ),
        ),
        RulesSection(
            "What counts in progress",
            (
                "Every equation a child makes (the main line and any line across) counts once "
                "for each operation it uses (adding, subtracting, multiplying, dividing) and "
                "for fractions (a fraction tile, or a side whose value is not whole); with the "
                "Advanced tiles also for negative numbers and for powers (squares and cubes). An "
                "equation with no "
                "operation, such as 5 = 5, counts as writing numbers. An expression shows no "
                "skill.",
                "A play refused for its arithmetic is a mistake of its kind: not true, below 0, "
                "a zero not needed, not complete, dividing by 0 or two = signs, kept with the "
                "reason shown. A play refused for where its tiles went (not in one line, a gap, "
                "missing the centre, not touching) is a rule slip, not an arithmetic mistake. "
                "Trades and passes count nothing.",
                "Help is counted apart from skill. A child may ask for a hint once a turn: the "
                "board shows the best play a strong bot finds, as see-through tiles. Asking is "
                "recorded, and the equations played on that turn count as help, as does every "
                "equation played with the values shown. A Learn to play round and a teacher's "
                "practice game never count.",
            ),
        ),
        RulesSection(
            "Where we differ from a printed copy",
            (
                "The rule text does not give how many of each tile there are, their points, or "
                "where the premium squares are: the counts, points and layout above are ours, "
                "and so is the Whole numbers set for beginners.",
                "The text ends a game on passes only once the bag is empty; here the game ends "
                "when everyone passes in a row even with tiles in the bag, so a class is never "
                "held up by players who are all stuck (a stuck player may trade instead).",
                "Nothing below 0 is checked as a running total from the left (3 − 5 + 4 is "
                "refused even though it ends at 2), so children never need negative numbers "
                "with the Original tiles.",
                "One = per play comes from beside the board; when all "
                f"{EQUALS_SUPPLY} are on the board, only a blank can be an =. A premium "
                "square counts in every line through it in the play that covers it. The "
                f"{ALL_NINE_BONUS} extra points need an equation, not an expression. With a time "
                "limit the scores stand without the end-of-game adjustment.",
            ),
        ),
    ]
