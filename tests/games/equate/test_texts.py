"""Equate's texts (games/equate/texts.py): How to play, Learn to play and the teachers' rules
are well formed; every example is read by the rules core (expr.read_line), every board picture
and every score is played through rules.play, the Learn to play round plays through (every move
it accepts, not only the first), and every setting the teachers' text names is the game's."""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from django.template.loader import render_to_string

from games.engine.learn import learn_accepts, learn_playthrough, learn_start
from games.engine.protocol import IllegalMove
from games.engine.texts import (
    LEARNER,
    MAX_WORDS,
    HowToPlay,
    HowToStep,
    Picture,
    RulesSection,
    check_texts,
)
from games.equate import game as eq_game
from games.equate import rules, texts
from games.equate.expr import EQUATION, EXPRESSION, read_line
from games.equate.game import EQUATE
from games.equate.tiles import (
    BLANK,
    CENTRE,
    EQUALS,
    EQUALS_SUPPLY,
    FRACTIONS,
    PREMIUMS,
    SCORES,
    all_faces,
    display,
    is_number_face,
)

from .boards import arrange, at, game

ROOT = Path(__file__).resolve().parents[3]
BOARD = ROOT / "templates" / "games" / "equate" / "board.html"
GRID = ROOT / "games" / "equate" / "grid.py"  # the board's squares, built in Python


GAME = EQUATE
SCRIPT = texts.learn_to_play()
GLYPHS = {display(f): f for f in FRACTIONS}
ALL_NINE = rules.ALL_NINE_BONUS


def how_text() -> str:
    return " ".join(f"{s.title} {s.text}" for s in texts.how_to_play().steps)


def pictures() -> list[Picture]:
    return [s.picture for s in texts.how_to_play().steps if s.picture is not None]


def of_kind(kind: str) -> list[Picture]:
    return [p for p in pictures() if p.kind == kind]


def faces_of(text: str) -> list[str]:
    """Faces of a line as people write it ("2½ + 15² = 3"): numbers split into their tiles."""
    faces = []
    for token in text.split():
        if not token[0].isdigit():
            faces.append(token)
            continue
        for ch in token:
            if ch in GLYPHS:
                faces.append(GLYPHS[ch])
            elif ch in "²³":
                faces[-1] += ch
            else:
                faces.append(ch)
    return faces


# --- the platform's checks ------------------------------------------------------------------------
def test_the_platform_accepts_the_texts():
    check_texts(GAME)  # the registry refuses a game whose texts are missing or malformed


# --- How to play ----------------------------------------------------------------------------------
def test_how_to_play_has_a_goal_and_short_titled_steps():
    how = texts.how_to_play()
    assert isinstance(how, HowToPlay) and how.goal.strip() and len(how.goal.split()) <= 40
    titles = [s.title for s in how.steps]
    assert len(set(titles)) == len(titles), "two steps share a title"
    assert 10 <= len(how.steps) <= 16
    for step in how.steps:
        assert isinstance(step, HowToStep) and step.title.strip() and step.text.strip()
        assert len(step.text.split()) <= MAX_WORDS, step.title


def test_how_to_play_covers_the_rule_text():
    words = how_text().lower()
    for needed in (
        "9 tiles", "= tile is always there", "one = each turn", "blank",  # the hand
        "one row", "one column", "top to bottom", "star",  # a play, the first play
        "touch a tile already", "no gaps", "both ends", "only one =",  # joining, extending
        "2 then 3 makes 23", "2 then ½ makes 2½", "1 then 5² makes 15²",  # making numbers
        "× and ÷ before + and −", "below 0", "05", "take away",  # reading a line
        "45, 4 + 3 or 2 × 8 − 5", "scores 0 points",  # expressions
        "lines across", "2s or 3s", "2e or 3e", "already on the board count",  # scoring
        f"{ALL_NINE} extra points", "trade", "pass", "bag is empty", "last tile",
        "every player passes", "time limit", "taken off your score", "everyone else's tiles",
    ):  # fmt: skip
        assert needed in words, needed


def test_every_equation_in_how_to_play_is_true_by_the_rules():
    """Every "… = …" a child reads is read by the rules: numbers, order of operations, truth."""
    number = r"\d+[½⅓⅔¼¾⅙⅚²³]?"
    line = re.compile(rf"{number}(?: [+−×÷=] {number})+")
    found = []
    for text in [
        how_text(),
        *(p.caption for p in pictures()),
        *(p.data["line"] for p in pictures()),
    ]:
        for match in line.finditer(text):
            if "=" in match.group():
                found.append(match.group())
    assert {"2 + 3 = 5", "2 × 3 = 6", "2 + 3 = 5 × 1", "6 − 2 = 4", "2 + 3 × 4 = 14"} <= set(found)
    for equation in found:
        read = read_line(faces_of(equation))
        assert read.kind == EQUATION and read.text == equation, equation


def test_the_order_of_operations_example():
    """ "2 + 3 × 4 = 14 is true: first 3 × 4, then add 2" (and not (2 + 3) × 4)."""
    assert read_line(faces_of("2 + 3 × 4 = 14")).values == (14, 14)
    with pytest.raises(IllegalMove) as info:
        read_line(faces_of("2 + 3 × 4 = 20"))
    assert info.value.kind == "false"


# --- pictures -------------------------------------------------------------------------------------
def test_pictures_have_known_kinds_and_well_formed_data():
    found = pictures()
    assert {p.kind for p in found} == {"rack", "board", "tiles"}
    faces = set(all_faces("advanced"))
    for picture in found:
        # the How to play page prints captions in an aria-label too: nothing to escape
        assert picture.caption.strip() and not set(picture.caption) & set("'\"&<>’")
        data = picture.data
        assert isinstance(data["line"], str) and data["line"]
        tiles = []
        if picture.kind == "rack":
            assert set(data) == {"tiles", "equals", "line"} and data["equals"] is True
            tiles = data["tiles"]
            assert len(tiles) == rules.RACK_SIZE
        elif picture.kind == "tiles":
            assert set(data) == {"examples", "line"}
            for example in data["examples"]:
                assert set(example) == {"tiles", "says", "ok"} and example["says"]
                tiles += example["tiles"]
        else:
            assert set(data) == {"rows", "line", "score", "reads"}
            for row in data["rows"]:
                for cell in row:
                    square = (cell["row"], cell["col"])
                    assert cell["premium"] == PREMIUMS.get(square)
                    assert cell["centre"] == (square == CENTRE)
                    if cell["tile"]:
                        tiles.append(cell["tile"])
        for tile in tiles:
            assert tile["face"] in faces and tile["face"] != BLANK
            assert tile["display"] == display(tile["face"])
            assert tile["score"] == SCORES[tile["face"]]


def board_play(picture: Picture) -> dict:
    """The picture's play made by the rules: its old tiles on the board, its new ones from a
    rack (the "=" from beside the board); the state after."""
    old, new = {}, {}
    for row in picture.data["rows"]:
        for cell in row:
            if cell["tile"]:
                target = new if cell["tile"]["new"] else old
                target[(cell["row"], cell["col"])] = cell["tile"]["face"]
    rack = [face for face in new.values() if face != EQUALS]
    state = arrange(game(), [rack, []], board=old, seat=1)
    positions = iter(at(state, 0, *rack))
    placements = [
        [r, c, rules.FROM_SUPPLY if face == EQUALS else next(positions), None]
        for (r, c), face in new.items()
    ]
    return rules.play(state, 0, placements)


@pytest.mark.parametrize("picture", of_kind("board"), ids=lambda p: p.data["line"][:30])
def test_board_pictures_are_plays_the_rules_accept(picture):
    after = board_play(picture)
    assert [line["text"] for line in after["last"]["lines"]] == picture.data["reads"]
    if picture.data["score"] is not None:
        assert after["last"]["score"] == picture.data["score"], picture.caption
        assert f"{picture.data['score']} points" in picture.data["line"]


def test_the_scores_the_children_read_are_the_rules_scores():
    """The scoring steps' numbers: 2 + 3 = 5 on the star scores 14, 2 × 3 = 6 through its 3
    scores 12 (the 3 without its premium), 2 + 3 = 5 × 1 scores 8 (no premium again)."""
    scores = {p.data["reads"][0]: board_play(p)["last"]["score"] for p in of_kind("board")}
    assert scores["2 + 3 = 5"] == texts.FIRST_SCORE == 14
    assert scores["2 × 3 = 6"] == texts.SECOND_SCORE == 12
    assert scores["2 + 3 = 5 × 1"] == texts.LONGER_SCORE == 8
    text = how_text()
    assert f"2 + 3 = 5 scores {texts.FIRST_SCORE} points" in text
    assert f"2 × 3 = 6 scores {texts.SECOND_SCORE}" in text
    assert "Points: 1 + 1 + 1 + 0 + 4 = 7" in texts.FIRST_WORDS
    assert texts.FIRST_WORDS.endswith("7 × 2 = 14 points.")
    assert texts.SECOND_WORDS.startswith("Points: 3 + 2 + 1 + 0 + 6 = 12 points")


def test_the_line_across_example_makes_an_expression_that_scores_0():
    picture = texts.ACROSS_PICTURE
    lines = board_play(picture)["last"]["lines"]
    assert [(line["kind"], line["down"]) for line in lines] == [
        (EQUATION, False),
        (EXPRESSION, True),
    ]
    assert lines[1]["text"] == "65" and lines[1]["score"] == 0


def test_the_first_picture_covers_the_star_with_a_new_tile():
    cells = [c for row in texts.FIRST_PICTURE.data["rows"] for c in row]
    centre = next(c for c in cells if c["centre"])
    assert centre["tile"] and centre["tile"]["new"] and centre["premium"] == "2E"


def test_number_examples_are_read_as_the_numbers_they_say():
    """ "A 2 followed by a 3 creates 23. A 2 followed by ½ creates the mixed numeral 2½. A
    numeral 1 followed by 5² creates 15²." """
    values = {"23": 23, "2½": Fraction(5, 2), "15²": 225}
    for example in texts.NUMBERS_PICTURE.data["examples"]:
        read = read_line([t["face"] for t in example["tiles"]])
        assert example["ok"] and read.kind == EXPRESSION and read.text == example["says"]
        assert read.values == (values[example["says"]],)


def test_not_allowed_examples_are_refused_for_the_reason_they_say():
    """ "Unnecessary 0 digits are not allowed. For example 05 cannot be used for 5." "The
    subtraction symbol is used only for subtracting"; a played expression may not be negative."""
    kinds = []
    for example in texts.NOT_ALLOWED_PICTURE.data["examples"]:
        assert not example["ok"]
        with pytest.raises(IllegalMove) as info:
            read_line([t["face"] for t in example["tiles"]])
        kinds.append(info.value.kind)
    assert kinds == ["negative", "leading_zero", "syntax"]
    assert "taking away" in info.value.reason


def test_expression_examples_are_expressions():
    """ "Examples of numerical expressions are 45, 4 + 3, and 2 × 8 − 5." """
    texts_read = []
    for example in texts.EXPRESSIONS_PICTURE.data["examples"]:
        read = read_line([t["face"] for t in example["tiles"]])
        assert example["ok"] and read.kind == EXPRESSION
        texts_read.append(read.text)
    assert texts_read == ["45", "4 + 3", "2 × 8 − 5"]


@pytest.mark.parametrize("picture", pictures(), ids=lambda p: f"{p.kind}: {p.data['line'][:24]}")
def test_pictures_render_with_the_board_s_own_pieces(picture):
    html = render_to_string("games/equate/_picture.html", {"picture": picture})
    assert f'data-kind="{picture.kind}"' in html and "style=" not in html  # CSP: no inline styles
    assert picture.data["line"] in html
    if picture.kind == "board":
        cells = [c for row in picture.data["rows"] for c in row]
        assert html.count('class="eq-sq') == len(cells)
        assert html.count("eq-new") == sum(bool(c["tile"] and c["tile"]["new"]) for c in cells)
        labels = [c["premium"] for c in cells if c["premium"] and not c["tile"]]
        assert len(re.findall(r'<span class="eq-p">', html)) == len(labels)
        assert ("★" in html) == any(c["centre"] and not c["tile"] for c in cells)
    elif picture.kind == "rack":
        assert html.count('class="eq-tile') == rules.RACK_SIZE + 1 and "eq-equals" in html
    else:
        assert html.count('<li class="eqp-example') == len(picture.data["examples"])
        assert html.count("eqp-no") == sum(not e["ok"] for e in picture.data["examples"])


# --- Learn to play --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def played():
    """The round played by the platform's own check (slow: the move generator runs for every
    state, as legal_moves does on the platform)."""
    return learn_playthrough(GAME)


def test_the_learn_round_plays_through_as_written(played):
    assert GAME.outcome(played) is None  # the round stops with the script, not the game
    assert played["last"]["kind"] == "play" and played["last"]["seat"] == texts.PIP
    assert len(played["board"]) == 5 + 5 + 5 + 4 + 2
    first, pip_first, second, pip_second, pip_last = texts.LEARN_SCORES
    assert played["points"] == [first + second, pip_first + pip_second + pip_last]
    rules.check_state(played)


def test_the_learn_deal_is_the_one_the_script_tells():
    state = GAME.new_game(SCRIPT.settings, SCRIPT.players, SCRIPT.seed)
    assert (SCRIPT.seed, SCRIPT.players, SCRIPT.names) == (texts.LEARN_SEED, 2, ("Pip",))
    assert GAME.clean_settings(SCRIPT.settings) == SCRIPT.settings == texts.LEARN_SETTINGS
    assert state["settings"]["tiles"] == "original" and state["turn"] == LEARNER
    assert " ".join(map(display, state["racks"][0])) == "× + + 8 9 3 5 × −"
    assert " ".join(map(display, state["racks"][1])) == "6 ⅓ + 6 ⅔ ⅚ × ÷ 6"
    assert BLANK not in state["racks"][0] + state["racks"][1]


def apply(state, seat, data):
    return GAME.apply_move(state, seat, GAME.parse_move(json.loads(json.dumps(data))))


def walk_every_path():
    """Every way through the script: each accepted move of each learner step, the script's
    own move for Pip's steps. Yields (path, states before each step, end)."""
    start = GAME.new_game(SCRIPT.settings, SCRIPT.players, SCRIPT.seed)
    choices = [
        step.moves if step.seat == LEARNER else step.moves[:1] for step in SCRIPT.steps
    ]  # fmt: skip
    for path in itertools.product(*choices):
        state, befores = start, []
        for step, data in zip(SCRIPT.steps, path, strict=True):
            befores.append(state)
            state = apply(state, step.seat, data)  # IllegalMove fails the test
        yield path, befores, state


def test_every_move_the_coach_accepts_leads_through_the_rest_of_the_round():
    paths = list(walk_every_path())
    assert len(paths) == 2 * 2 * 5  # each step's accepted moves, one after the other
    for path, befores, end in paths:
        rules.check_state(end)
        # the learner's and Pip's plays score what the coach says, whichever was accepted
        scores = []
        for before, step, data in zip(befores, SCRIPT.steps, path, strict=True):
            if data["type"] == "place":
                scores.append(apply(before, step.seat, data)["last"]["score"])
        assert tuple(scores) == texts.LEARN_SCORES


def test_each_step_s_moves_are_what_the_platform_takes_from_the_learner():
    """learn_accepts takes each listed move (as the board posts it) and refuses another play."""
    progress = learn_start()
    state = GAME.new_game(SCRIPT.settings, SCRIPT.players, SCRIPT.seed)
    for index, step in enumerate(SCRIPT.steps):
        if step.seat == LEARNER:
            for data in step.moves:
                move = GAME.parse_move(data)
                assert learn_accepts(GAME, SCRIPT, progress, move) == {
                    "step": index + 1,
                    "done": [],
                }
            other = GAME.parse_move({"type": "pass"}) if step.moves[0]["type"] == "place" else None
            if other is not None:
                assert learn_accepts(GAME, SCRIPT, progress, other) is None
        state = apply(state, step.seat, step.moves[0])
        progress = {"step": index + 1, "done": []}


def test_no_twin_tile_can_be_used_instead_of_an_accepted_one():
    """A child may pick either of two equal tiles: the step then accepts both, and either
    leaves the same game (equal tiles side by side in the rack)."""
    for _, befores, _ in walk_every_path():
        for before, step in zip(befores, SCRIPT.steps, strict=True):
            if step.seat != LEARNER or step.moves[0]["type"] != "place":
                continue
            rack = before["racks"][LEARNER]
            accepted = {GAME.parse_move(d) for d in step.moves}
            for data in step.moves:
                used = [t[2] for t in data["tiles"] if t[2] != EQUALS]
                for k, tile in enumerate(data["tiles"]):
                    if tile[2] == EQUALS:
                        continue
                    for twin in range(len(rack)):
                        if twin in used or rack[twin] != rack[tile[2]]:
                            continue
                        swapped = json.loads(json.dumps(data))
                        swapped["tiles"][k][2] = twin
                        assert GAME.parse_move(swapped) in accepted, (step.say[:30], twin)
                        same = apply(before, LEARNER, swapped) == apply(before, LEARNER, data)
                        assert same, "a twin tile changes the game"


def test_the_first_play_is_the_same_game_whichever_plus_is_used():
    start = GAME.new_game(SCRIPT.settings, SCRIPT.players, SCRIPT.seed)
    first = SCRIPT.steps[0]
    assert len(first.moves) == 2
    assert apply(start, LEARNER, first.moves[0]) == apply(start, LEARNER, first.moves[1])
    assert {tuple(t[:2]) for t in first.moves[0]["tiles"]} >= {CENTRE}


def test_the_script_is_short_and_teaches_each_part_of_a_turn():
    assert [step.seat for step in SCRIPT.steps] == [LEARNER, texts.PIP] * 3
    kinds = [{m["type"] for m in step.moves} for step in SCRIPT.steps]
    assert kinds == [{"place"}] * 4 + [{"trade", "pass"}, {"place"}]
    assert "Pip" in SCRIPT.intro and SCRIPT.finish
    for step in SCRIPT.steps:
        assert step.then and step.highlight, step.say[:30]


def test_the_coach_s_words_match_the_board_and_the_rules():
    start = GAME.new_game(SCRIPT.settings, SCRIPT.players, SCRIPT.seed)
    states = [start]
    for step in SCRIPT.steps:
        states.append(apply(states[-1], step.seat, step.moves[0]))
    plays = [(step, s) for step, s in zip(SCRIPT.steps, states[1:], strict=True)
             if s["last"]["kind"] == "play"]  # fmt: skip
    made = [s["last"]["lines"][0]["text"] for _, s in plays]
    assert made == ["3 + 5 = 8", "6 × 6 = 36", "7 + 9 = 16", "1 = ⅓ + ⅔", "3 + 5 = 8 × 1"]
    steps = [step for step, _ in plays]
    for step, text, score in zip(steps, made, texts.LEARN_SCORES, strict=True):
        assert f"{score} points" in step.then
        assert text in f"{step.say} {step.then}"
    # "Pip's 6 sits under your 3": 36 is read down through the learner's 3
    assert states[2]["board"]["9,9"]["face"] == "3" and states[2]["board"]["10,9"]["face"] == "6"
    # the 1 goes just left of Pip's lowest 6 to make 16
    assert states[3]["board"]["10,8"]["face"] == "1" and states[3]["board"]["10,9"]["seat"] == 1
    # "your rack has lots of × and − but only two numbers"; "tick your four − tiles"
    rack = states[4]["racks"][LEARNER]
    assert sum(is_number_face(f) for f in rack) == 2 and rack.count("−") == 4
    minus = [p for p, face in enumerate(rack) if face == "−"]
    assert SCRIPT.steps[4].moves[0] == {"type": "trade", "tiles": minus}
    assert "3, +, 5 and 8" in SCRIPT.steps[0].say
    assert {"3", "+", "5", "8"} <= set(start["racks"][LEARNER])


def test_the_coach_names_only_buttons_and_places_the_board_has():
    board = BOARD.read_text(encoding="utf-8") + GRID.read_text(encoding="utf-8")
    quoted = set()
    for step in SCRIPT.steps:
        quoted |= set(re.findall(r"“([^”]+)”", step.say))
        for selector in step.highlight:
            if selector.startswith("#"):
                assert f'id="{selector[1:].split()[0]}"' in board, selector
            else:
                row, col = map(int, re.findall(r"\d+", selector))
                assert 0 <= row < 19 and 0 <= col < 19 and "data-row=" in board
    assert quoted == {"Play", "Trade tiles", "Trade these"}
    for words in quoted:
        assert words in board, words


# --- rules for teachers ---------------------------------------------------------------------------
def sections() -> dict[str, RulesSection]:
    return {s.title: s for s in texts.rules_for_teachers()}


def all_rules() -> str:
    return " ".join(p for s in texts.rules_for_teachers() for p in s.paragraphs)


def test_rules_for_teachers_are_titled_sections_of_paragraphs():
    found = texts.rules_for_teachers()
    assert len({s.title for s in found}) == len(found) >= 10
    for section in found:
        assert isinstance(section, RulesSection) and section.paragraphs
        assert all(p.strip() and len(p) < 1200 for p in section.paragraphs)
    for title in ("Setting up", "A turn", "Making numbers", "Scoring", "Trading and passing",
                  "The end and final scores", "Settings", "What counts in progress",
                  "Where we differ from a printed copy"):  # fmt: skip
        assert title in sections(), title


@pytest.mark.parametrize("kind", list(texts.REFUSALS))
def test_the_reasons_quoted_are_the_reasons_the_rules_give(kind):
    faces, reason = texts.REFUSALS[kind]
    with pytest.raises(IllegalMove) as info:
        read_line(faces.split())
    assert info.value.reason == reason
    assert info.value.kind == ("syntax" if kind == "minus" else kind)
    assert f"\u201c{reason}\u201d" in all_rules()


def test_every_arithmetic_mistake_kind_is_explained():
    kinds = {"syntax" if k == "minus" else k for k in texts.REFUSALS}
    assert kinds == eq_game.ARITHMETIC
    assert len(texts.PLACING_REASONS) == len(eq_game.PLACING)


def test_the_placing_reasons_quoted_are_the_rules_reasons():
    state = arrange(game(), [["2", "+", "3", "5", "4", "1"], []])
    reasons = []
    for placements in (
        [[3, 3, at(state, 0, "4")[0], None]],  # off the centre
        [[9, 9, 0, None], [10, 10, 1, None]],  # not in one line
        [[9, 8, 0, None], [9, 10, 2, None]],  # a gap
    ):
        with pytest.raises(IllegalMove) as info:
            rules.play(state, 0, placements)
        reasons.append(info.value.reason)
    started = arrange(game(), [["4", "4"], []], board=texts.FIRST, seat=1)
    with pytest.raises(IllegalMove) as info:
        rules.play(started, 0, [[2, 2, 0, None]])
    reasons.append(info.value.reason)
    assert tuple(reasons) == texts.PLACING_REASONS
    # "4 = 4" under "= 5": going down, "= 4" is wrong, and the reason says where
    with pytest.raises(IllegalMove) as info:
        rules.play(started, 0, [[10, 12, 0, None], [10, 13, "=", None], [10, 14, 1, None]])
    assert info.value.reason.startswith("Going down, ")
    assert "\u201cGoing down, \u201d" in all_rules()


def test_the_worked_scoring_example_is_the_rules():
    scoring = " ".join(sections()["Scoring"].paragraphs)
    assert texts.FIRST_WORDS in scoring and texts.SECOND_WORDS in scoring
    assert board_play(texts.SCORE_PICTURE)["last"]["score"] == texts.FIRST_SCORE
    assert board_play(texts.SECOND_SCORE_PICTURE)["last"]["score"] == texts.SECOND_SCORE
    assert f"{ALL_NINE} extra points" in scoring and "An expression scores 0" in scoring
    for face, points in (("½", 3), ("÷", 3), ("⅙", 5), ("+", 1), ("×", 2)):
        assert SCORES[GLYPHS.get(face, face)] == points
        group = next(part for part in scoring.split("; ") if f" {face}" in f" {part}")
        assert group.endswith(f"{points} point{'s' * (points != 1)}") or (
            f"{points} points." in group
        ), face


def test_the_tile_set_the_teachers_read_is_the_game_s():
    setting_up = " ".join(sections()["Setting up"].paragraphs)
    original = sum(all_faces("original").values())
    assert original == 190 and f"The Original set has {original} tiles" in setting_up
    assert f"{EQUALS_SUPPLY} = tiles kept beside the board" in setting_up
    assert "0 ×7, 1 ×10" in setting_up and "÷ ×11, blank ×3" in setting_up
    added = sum(all_faces("advanced").values()) - original
    assert f"adds {added} tiles" in setting_up and "3³ ×1" in setting_up


def settings_paragraphs() -> tuple[str, ...]:
    return sections()["Settings"].paragraphs


def choices_of(name: str) -> list:
    field = next(f for f in GAME.settings_fields() if f["name"] == name)
    return [value for value, _ in field["choices"]]


def test_every_setting_the_game_has_is_explained():
    named = {p.split(":")[0] for p in settings_paragraphs()}
    assert named == {f["label"] for f in GAME.settings_fields()}
    tiles_par = next(p for p in settings_paragraphs() if p.startswith("Tiles:"))
    assert set(choices_of("tiles")) == set(texts.TILE_SET_NAMES) == set(rules.TILE_SETS)
    for name in texts.TILE_SET_NAMES.values():
        assert name in tiles_par
    assert "Original (whole numbers and fractions, the default)" in tiles_par
    assert GAME.default_settings()["tiles"] == "original"
    limit = next(p for p in settings_paragraphs() if p.startswith("Time limit:"))
    offered = [int(n) for n in re.findall(r"\b(\d+)\b", limit.split(" turns each")[0])]
    assert offered == list(eq_game.ROUND_CHOICES) == list(texts.ROUND_CHOICES)
    assert choices_of("rounds") == [None, *texts.ROUND_CHOICES] and "no limit" in limit
    assert f"from 1 to {rules.MAX_ROUNDS}" in limit
    values = next(p for p in settings_paragraphs() if p.startswith(texts.VALUES_SETTING))
    assert "hidden (the default) or shown" in values and "counts as help" in values
    assert choices_of("values") == ["hidden", "shown"]
    assert GAME.default_settings()["values"] == "hidden"


def test_values_shown_makes_every_equation_help_as_the_teachers_are_told():
    """ "Shown ... every equation played that way counts as help"; hidden: the child's own."""
    for values, helped in (("hidden", False), ("shown", True)):
        state = GAME.new_game({"values": values}, 2, 1)
        state = arrange(state, [["2", "+", "3", "5"], []])
        move = GAME.parse_move(
            {
                "type": "place",
                "tiles": [[9, 9 + k, t, None] for k, t in enumerate([0, 1, 2, "=", 3])],
            }
        )
        events = GAME.learning_events(state, 0, move, GAME.apply_move(state, 0, move))
        assert events and all(event.helped is helped for event in events)


def test_progress_explains_every_skill_and_mistake_the_game_records():
    progress = " ".join(sections()["What counts in progress"].paragraphs).lower()
    for word in ("adding", "subtracting", "multiplying", "dividing", "fractions",
                 "negative numbers", "powers", "writing numbers", "expression shows no skill",
                 "rule slip", "hint", "help", "learn to play", "never count",
                 "trades and passes count nothing"):  # fmt: skip
        assert word in progress, word
    for label in eq_game.SKILLS.values():
        assert label.removesuffix(" in equations").split(" (")[0] in progress or label in (
            "placing tiles by the rules",  # a rule slip
            "finding a play",  # asking for a hint
        ), label


def test_the_decisions_that_differ_from_a_printed_copy_are_there():
    text = all_rules()
    for needed in (
        "even with tiles in the bag",  # passes end the game (docs/rules.md, Equate: "The end")
        "running total",  # nothing below 0 ("Reading a line")
        "05, 00 and 0½ are refused",  # "Reading a line"
        "A negative number takes no power",  # "Reading a line"
        "One = per play",  # "The tiles"
        "counts in every line through it",  # "Scoring"
        "need an equation, not an expression",  # "Scoring"
        "a blank does",  # "Scoring"
        "while the bag holds at least that many",  # "Trade and pass"
        "an expression counts",  # "The end"
        "nothing added or subtracted",  # "The end"
        "share the win",  # "The end"
        "read along its row if it has a neighbour",  # "A play"
        "the turn is not lost",  # a refusal changes nothing
    ):
        assert needed in text, needed
