"""Prime Climb's How to play, Learn to play and rules for teachers (games/primeclimb/texts.py)
and the How to play pictures (templates/games/prime-climb/_picture.html)."""

from __future__ import annotations

import re

from django.template.loader import render_to_string

from games.engine.learn import learn_playthrough
from games.engine.texts import CLOCK, LEARNER, check_texts
from games.primeclimb.moves import Step
from games.primeclimb.numbers import OP_WORDS, SPACES, colours
from games.primeclimb.state import SHOW_RESULTS_LABELS, VARIANT_LABELS

from .scenario import GAME
from .test_board import render

SCRIPT = GAME.learn_to_play()


def test_the_texts_are_complete_and_short():
    check_texts(GAME)
    how = GAME.how_to_play()
    assert "101" in how.goal and "both" in how.goal
    assert all(len(step.text.split()) <= 60 for step in how.steps)


def test_learn_to_play_plays_through_the_rules_as_written():
    """The script's fixed deal: roll, work out two landings with both dice, a card on a red
    prime, Pip's turn, then a bump: "If you end your Move Phase with either of your pawns on
    the same space as another pawn, send the pawn you landed on back to Start." """
    state = learn_playthrough(GAME)
    assert state["pawns"][LEARNER] == [[13, 101], [30, 101]]
    assert state["pawns"][1] == [[0, 101], [0, 101]]  # Pip's pawn on 30 was bumped
    assert [state["cards"][c] for c in state["keepers"][LEARNER]] == [
        {"kind": "plus_minus", "n": 6}
    ]
    assert SCRIPT.players == 2 and SCRIPT.names == ("Pip",)
    assert GAME.clean_settings(SCRIPT.settings)["show_results"] == "no"  # the child works out
    assert not any(step.seat == CLOCK for step in SCRIPT.steps)  # no clock in Prime Climb


def test_each_coach_step_names_the_move_it_accepts_and_never_its_answer():
    kinds = []
    for step in SCRIPT.steps:
        assert len(step.moves) == 1
        move = GAME.parse_move(step.moves[0])
        kinds.append(move.type)
        if step.seat != LEARNER:
            continue
        say = step.say
        if move.type == "roll":
            assert "Roll the dice" in say
        elif move.type == "end":
            assert "End my turn" in say
        else:
            assert isinstance(move, Step)
            assert f"pawn {'AB'[move.pawn]}" in say and f"the {move.die}" in say
            assert OP_WORDS[move.op] in say
            if move.answer != move.die:  # 0 + 7 lands on 7: the die's own number
                assert not re.search(rf"\b{move.answer}\b", say), say
            assert "type" in say.lower() or "tap" in say.lower()
    # Rolling, working out landings with both dice, ending the turn; Pip's turn in between.
    assert kinds.count("roll") == 3 and kinds.count("step") == 6 and kinds.count("end") == 3
    thens = " ".join(step.then for step in SCRIPT.steps)
    for words in ("both dice", "all red", "Keeper card", "Bump!", "back to Start"):
        assert words in thens
    assert "real game" in SCRIPT.finish


def test_the_coach_points_at_the_boards_own_controls():
    """Each highlight names an element of the board the learner sees at that step: the roll
    or end button, or the pawn, die and operation to choose on the step form."""
    state = GAME.new_game(SCRIPT.settings, SCRIPT.players, SCRIPT.seed)
    for step in SCRIPT.steps:
        if step.seat == LEARNER:
            html = render(state, LEARNER)
            assert step.highlight
            for selector in step.highlight:
                button = re.fullmatch(r'button\[value="(\w+)"\]', selector)
                chip = re.fullmatch(r'#pcl-step \[(data-\w+)="(\w+)"\]', selector)
                if button:
                    assert f'name="type" value="{button[1]}"' in html, selector
                else:
                    assert chip, selector
                    form = html[html.index('id="pcl-step"') : html.index("</form>")]
                    assert f'{chip[1]}="{chip[2]}"' in form, selector
        state = GAME.apply_move(state, step.seat, GAME.parse_move(step.moves[0]))


def test_every_how_to_picture_is_drawn_with_the_boards_pieces(settings):
    kinds = set()
    for step in GAME.how_to_play().steps:
        assert step.picture is not None
        picture = step.picture
        kinds.add(picture.kind)
        html = render_to_string("games/prime-climb/_picture.html", {"picture": picture})
        assert f'class="pcl-pic pcl-pic-{picture.kind}"' in html
        assert "style=" not in html and "<script" not in html
        body = html[html.index(f"pcl-pic-{picture.kind}") :]
        assert re.search(r'class="pcl-(space|die|card|chip)', body), picture.kind
        for number in picture.data.get("numbers", []):
            assert f"pcl-c-{number}" in html and f">{number}<" in html
        if picture.kind == "colours":
            assert all(f"pcl-c-{picture.data[k]}" in html for k in "abc")
        if picture.kind == "step":
            for start, _, die, end in picture.data["moves"]:
                assert f"pcl-c-{start}" in html and f">{die}<" in html and f"pcl-c-{end}" in html
        if picture.kind == "colours":
            assert "3 is green" in html and "primes above 10 are red" in html  # the key
    assert kinds == {"circles", "dice", "step", "ask", "colours", "card"}


def test_the_how_to_worked_examples_are_the_rule_texts():
    """ "subtract 3 from 14 to land on 11, then multiply 11 by 9 to move to 99"; "The only
    options available are to subtract to end at 91, or divide to end at 14"; "14 times 3 will
    be orange, purple, and green. The only circle with exactly those colors is 42." """
    steps = {step.title: step for step in GAME.how_to_play().steps}
    assert steps["Move a pawn"].picture.data["moves"] == [[14, "−", 3, 11], [11, "×", 9, 99]]
    assert steps["Stay on the board"].picture.data["moves"] == [
        [98, "−", 7, 91],
        [98, "÷", 7, 14],
    ]
    assert [n for n in SPACES if sorted(colours(n)) == sorted(colours(14) + colours(3))] == [42]
    # The picture of working it out leaves the sum to the child.
    ask = steps["Work it out"].picture
    html = render_to_string("games/prime-climb/_picture.html", {"picture": ask})
    assert "14 + 3 = ?" in html and "17" not in html


def test_the_rules_for_teachers_cover_every_setting_and_variation():
    sections = GAME.rules_for_teachers()
    text = " ".join(p for s in sections for p in s.paragraphs)
    titles = [s.title for s in sections]
    assert titles[:2] == ["The game", "A turn: roll, move, bump, draw"] and "Settings" in titles
    for label in VARIANT_LABELS.values():
        assert label in text
    for field in GAME.settings_fields():
        assert field["label"].lower() in text.lower(), field["label"]
    for label in SHOW_RESULTS_LABELS.values():
        assert label in text
    for words in (
        "recorded as help",
        "14 + 3 is not 18",
        "Doubles",
        "turn passes",
        "stays at 0",
        "24 Prime Cards",
        "colour key",
    ):
        assert words in text, words
