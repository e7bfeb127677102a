"""Prime Climb explained: How to play for children, the Learn to play round, and the full rules
for teachers (with every setting and decision that changes play). Pure Python, like the rules.

The pictures are drawn by templates/games/prime-climb/_picture.html with the board's own
circles, dice, pawns and cards; their kinds: circles, dice, step, ask, colours (with the colour
key), card.
Only the rule text's own worked examples show a result (14 − 3 = 11, 11 × 9 = 99, 98 − 7 = 91,
98 ÷ 7 = 14, 14 × 3 = 42): everything else is the child's to work out.
"""

from __future__ import annotations

from games.engine.texts import HowToPlay, HowToStep, LearnScript, LearnStep, Picture, RulesSection

from .cards import ACTION_KINDS, BASE_DECK, ROLL_AGAIN, card_name, card_text
from .state import (
    DOUBLES_LABELS,
    SHOW_RESULTS_LABELS,
    STATION_CHOICES,
    TURN_LIMIT_LABELS,
    VARIANT_LABELS,
)

PLUS_3 = {"kind": "plus_minus", "n": 3}

# --- How to play ---------------------------------------------------------------------------------
HOW_TO_PLAY = HowToPlay(
    goal="Be the first to land both your pawns exactly on 101, the big red circle in the middle.",
    steps=(
        HowToStep(
            "The board",
            "The board is a spiral of circles. It starts at 0 on the outside and ends at 101 in "
            "the middle. Both your pawns start on 0. Every player has two pawns: A and B.",
            Picture(
                "circles",
                {"numbers": [0, 1, 2, 3, 4, 5], "pawns": {"0": [["A", 0], ["B", 0]]}},
                "The circles 0 to 5: both pawns, A and B, start on 0.",
            ),
        ),
        HowToStep(
            "Roll the dice",
            "On your turn, roll the two dice. Each die shows a number from 1 to 10. You must use "
            "both numbers, one at a time. If you roll a double, you use that number four times!",
            Picture("dice", {"dice": [3, 9]}, "Two dice: a 3 and a 9."),
        ),
        HowToStep(
            "Move a pawn",
            "Use a die on one of your pawns: add it, take it away, times it or divide by it. "
            "Example: your pawn is on 14 and you roll a 3 and a 9. You can take away 3: "
            "14 − 3 = 11. Then times 9: 11 × 9 = 99.",
            Picture(
                "step",
                {"moves": [[14, "−", 3, 11], [11, "×", 9, 99]]},
                "From 14, take away 3 to land on 11. From 11, times 9 to land on 99.",
            ),
        ),
        HowToStep(
            "Work it out",
            "You work out where your pawn lands. Choose the pawn, the die and +, −, × or ÷. Then "
            "type the number, or tap its circle on the board. If your answer is not right, the "
            "game tells you why, and you try again.",
            Picture(
                "ask",
                {"pawn": "A", "at": 14, "die": 3, "sign": "+"},
                "Pawn A on 14, the 3 and + are chosen: 14 + 3 = ? Type the answer or tap it.",
            ),
        ),
        HowToStep(
            "Stay on the board",
            "A pawn can never go below 0 or past 101, and dividing must come out exactly. A pawn "
            "on 98 with a 7 cannot add (that is past 101). It can take away, 98 − 7 = 91, or "
            "divide, 98 ÷ 7 = 14.",
            Picture(
                "step",
                {"moves": [[98, "−", 7, 91], [98, "÷", 7, 14]]},
                "From 98 with a 7: take away to land on 91, or divide to land on 14.",
            ),
        ),
        HowToStep(
            "The colours help",
            "Each colour is a prime: 2 is orange, 3 green, 5 blue, 7 purple, and primes above "
            "10 are red. 14 = 2 × 7 is orange and purple. Times 3 (green) makes orange, purple "
            "and green: the only circle like that is 42. So 14 × 3 = 42.",
            Picture(
                "colours",
                {"a": 14, "sign": "×", "b": 3, "c": 42},
                "14 is orange and purple, 3 is green, and 42 is orange, green and purple. Below: "
                "the colour key, as it sits beside the board.",
            ),
        ),
        HowToStep(
            "Bump!",
            "When you end your turn on a circle where another pawn stands, that pawn goes back "
            "to Start. Passing over a pawn does not bump it. You can even bump your own pawn! "
            "Example: from 31, add 2 to land on 33, then add 4 to land on 37.",
            Picture(
                "circles",
                {"numbers": [31, 33, 37], "pawns": {"33": [["A", 1]], "37": [["A", 0], ["B", 1]]}},
                "Your black pawn went from 31 to 33 to 37 and ended there: the white pawn on 37 "
                "goes back to Start. The one on 33 stays: you only passed it.",
            ),
        ),
        HowToStep(
            "Prime Cards",
            "End your turn on an all-red circle, a prime bigger than 10, and you draw a Prime "
            "Card. A Keeper card waits for a later turn. An Action card happens at once.",
            Picture(
                "card",
                {"name": card_name(PLUS_3), "text": card_text(PLUS_3), "red": 13},
                "13 is all red, so you draw a card: here a Keeper, add 3 or take away 3.",
            ),
        ),
        HowToStep(
            "Win!",
            "Land a pawn exactly on 101 and it is home. You cannot bounce back off 101. When "
            "your second pawn lands on 101, you win at once!",
            Picture(
                "circles",
                {"numbers": [99, 100, 101], "pawns": {"101": [["A", 0]]}},
                "Pawn A landed exactly on 101, the big red circle: it is home.",
            ),
        ),
    ),
)


# --- Learn to play -------------------------------------------------------------------------------
# Seed 363 (found by searching seeds; the learner rolls first): the learner rolls 7 and 6
# (0 + 7, then 7 + 6 lands on 13, a red prime: a card, the Keeper +/− 6), Pip rolls 5 and 6
# (0 + 5, then 5 × 6 = 30), the learner rolls 3 and 10 (0 + 3, then 3 × 10 lands on Pip's pawn:
# a bump).
LEARN_SEED = 363


def _step(pawn: int, die: int, op: str, answer: int) -> dict:
    return {"type": "step", "pawn": pawn, "die": die, "op": op, "answer": answer}


def _chips(pawn: int, die: int, op: str) -> tuple[str, ...]:
    return (
        f'#pcl-step [data-pawn="{pawn}"]',
        f'#pcl-step [data-die="{die}"]',
        f'#pcl-step [data-op="{op}"]',
    )


ROLL = {"type": "roll"}
END = {"type": "end"}
PIP = 1

LEARN_TO_PLAY = LearnScript(
    settings={"variant": "classic", "turn_limit": 15},
    players=2,
    seed=LEARN_SEED,
    names=("Pip",),
    intro="Let's climb! Your pawns are the black ones, A and B. Pip has the white ones. "
    "Both of you start on 0. Race your pawns up the spiral to 101 in the middle.",
    steps=(
        LearnStep(
            "Your turn. Tap “Roll the dice”.",
            (ROLL,),
            then="You rolled a 7 and a 6. You must use each of them once.",
            highlight=('button[value="roll"]',),
        ),
        LearnStep(
            "Use your 7 on pawn A: choose pawn A, the 7 and + add. Where does 0 + 7 land? "
            "Type the number and press Move, or tap its circle on the board.",
            (_step(0, 7, "add", 7),),
            then="Right! Pawn A climbed to 7.",
            highlight=_chips(0, 7, "add"),
        ),
        LearnStep(
            "Now use your 6 on pawn A too: choose A, the 6 and + add. Work out 7 + 6, then type "
            "the answer or tap that circle.",
            (_step(0, 6, "add", 13),),
            then="Yes, 7 + 6 = 13. You used both dice! 13 is all red: a prime bigger than 10.",
            highlight=_chips(0, 6, "add"),
        ),
        LearnStep(
            "Tap “End my turn”. Pawn A ends on an all-red circle, so you draw a Prime Card.",
            (END,),
            then="You drew a Keeper card: +/− 6. Keep it: on a later turn it lets a pawn add 6 "
            "or take away 6.",
            highlight=('button[value="end"]',),
        ),
        LearnStep("Now it is Pip's turn. Pip rolls the dice.", (ROLL,), seat=PIP),
        LearnStep("Pip uses the 5 on pawn A: 0 + 5.", (_step(0, 5, "add", 5),), seat=PIP),
        LearnStep("Pip uses the 6: 5 × 6.", (_step(0, 6, "multiply", 30),), seat=PIP),
        LearnStep(
            "Pip ends the turn.",
            (END,),
            seat=PIP,
            then="Pip's pawn A is on 30. If your pawn ends its turn on 30 too, Pip's pawn is "
            "bumped back to Start!",
        ),
        LearnStep(
            "Your turn again. Roll the dice.",
            (ROLL,),
            then="You rolled a 3 and a 10. Can pawn B reach Pip on 30?",
            highlight=('button[value="roll"]',),
        ),
        LearnStep(
            "Use your 3 on pawn B: choose pawn B, the 3 and + add. Where does 0 + 3 land? Type "
            "it or tap it.",
            (_step(1, 3, "add", 3),),
            then="Pawn B is on 3.",
            highlight=_chips(1, 3, "add"),
        ),
        LearnStep(
            "Now choose pawn B, the 10 and × times. Work out 3 × 10 and type it, or tap that "
            "circle. The colour key can help: 3 is green, 10 is orange and blue.",
            (_step(1, 10, "multiply", 30),),
            then="3 × 10 = 30: pawn B is on Pip's pawn!",
            highlight=_chips(1, 10, "multiply"),
        ),
        LearnStep(
            "Tap “End my turn” to bump Pip's pawn.",
            (END,),
            then="Bump! Pip's pawn went back to Start. Pawn B stays on 30.",
            highlight=('button[value="end"]',),
        ),
    ),
    finish="Well done! You rolled, worked out where your pawns land, used both dice, drew a "
    "Prime Card and bumped Pip. Now play a real game: the first to land both pawns on 101 wins!",
)


# --- The rules for teachers ----------------------------------------------------------------------
def _cards_paragraphs() -> tuple[str, ...]:
    actions = [
        f"{card_name(spec)} ({card_text(spec)})"
        for kind in ACTION_KINDS
        if kind != ROLL_AGAIN
        for spec in [next(s for s in BASE_DECK.values() if s["kind"] == kind)]
    ]
    return (
        "There are 24 Prime Cards, shuffled at the start (the order is hidden; the cards in "
        "players' hands are face up for everyone).",
        "Keeper cards (13), kept face up for a later turn, any number played in the move phase "
        "(before, between or after the dice), never in the turn they were drawn: nine "
        "“add N or take away N” cards (N = 1 to 9, on either pawn; the child works out where "
        "the pawn lands, as with a die); two “send any pawn back to Start” (bump); two "
        "“curse: another player may only subtract or divide on their next turn”.",
        "Action cards (11) act at once, on the pawn that landed on the red circle (if both "
        "did, the player chooses): three “Roll again” and one each of: " + "; ".join(actions) + ".",
        "An Action card that would leave the board (past 101, below 0, not a whole number) has "
        "no effect. A pawn exactly on 50 counts as 50 or more. An Action card that sends a "
        "pawn onto another pawn bumps it; landing on a new red circle this way draws no "
        "further card. Played cards are discarded; when the draw pile runs out, the discard "
        "pile is shuffled into a new one.",
    )


def _choice(label: str) -> str:
    """ "use the number 4 times" from "Doubles: use the number 4 times"."""
    return label.split(": ", 1)[-1]


def _settings_paragraphs() -> tuple[str, ...]:
    variants = "; ".join(VARIANT_LABELS.values())
    stations = "; ".join(STATION_CHOICES.values())
    limits = "; ".join(TURN_LIMIT_LABELS.values())
    return (
        f"Game (the variation): {variants}. See “The variations”.",
        f"Doubles: “{_choice(DOUBLES_LABELS['must'])}” (the rule text, the default) or "
        f"“{_choice(DOUBLES_LABELS['may'])}” (a newer printing: the player may stop after two).",
        f"Way stations (only for Way Stations): {stations}.",
        f"Game length: {limits}. A safety cap so every game ends: when the turns run out the "
        "player who climbed furthest wins (ties: all of them); in solitaire nobody wins.",
        "Show the results (a teacher's setting, in assignments and practice games): "
        f"“{SHOW_RESULTS_LABELS['no']}” is the default. Each child chooses a pawn, a die and "
        "+, −, × or ÷ and gives the number the pawn lands on (typed, or by tapping its "
        "circle); the game checks it, explains a wrong answer (“14 + 3 is not 18: 18 is too "
        "big. Count on 3 from 14, then try again.”) and records it as a mistake of that fact; "
        f"a right answer is a correct fact. “{SHOW_RESULTS_LABELS['yes']}” shows every "
        "possible step with its result before it is chosen: good for younger classes, but "
        "those facts are recorded as help, not as the child's own arithmetic, and solitaire "
        "records are kept apart.",
        "Blank Prime Cards (a teacher's setting, in assignments): up to four cards of your own, "
        "each an effect of the 24's kinds (and a number where the kind has one: add or take "
        "away N from 1 to 10, send to N from 1 to 100). They are shuffled in with the 24; the "
        "solitaire games use only the add-or-take-away ones.",
    )


RULES_FOR_TEACHERS = (
    RulesSection(
        "The game",
        (
            "Prime Climb is a race for 2 to 4 players (the solitaire variations: 1) up a "
            "spiral of circles numbered 0 (Start) to 101 (the big red circle in the middle). "
            "Each player has two pawns, A and B, both on Start. The goal: land both pawns "
            "exactly on 101.",
            "It practises the four operations with numbers up to 101, and prime "
            "factorisation through the colours. The first player is drawn by lot.",
        ),
    ),
    RulesSection(
        "A turn: roll, move, bump, draw",
        (
            "Roll: the app rolls two 10-sided dice (1 to 10; the printed “0” is 10). Each "
            "number is used once, one at a time, never combined (a 3 and a 9 are never a 12 or "
            "a 27). A double is used four times.",
            "Move: each die is applied to one pawn: add it, subtract it, multiply by it or "
            "divide by it; the pawn goes to the result. Both dice may go to one pawn or one "
            "each. A pawn must stay on the board after every single step: never below 0, "
            "never past 101, never a fraction (division must be exact). All the dice must be "
            "used (a pawn may have to move backwards). Keeper cards may be played before, "
            "between or after the dice.",
            "In the app the child chooses a pawn, a die and an operation, then gives the "
            "number the pawn lands on (see the “Show the results” setting). “Take back a "
            "step” undoes a step or card until the turn is ended (but not past a card drawn in "
            "Double Time or an Action card's choice).",
            "Bump: at the end of the move phase, a pawn standing on the same circle as "
            "another pawn sends that pawn back to Start — your own too. Passing over a pawn "
            "does not bump it. Pawns share Start and 101 freely.",
            "Draw: if at least one of your pawns ends on an entirely red circle (a prime "
            "above 10) where it did not begin the turn, draw one Prime Card (only one, even if "
            "both pawns are on red). No card for 101.",
        ),
    ),
    RulesSection("Prime Cards", _cards_paragraphs()),
    RulesSection(
        "101 and winning",
        (
            "A pawn landing exactly on 101 is home and leaves the board (you cannot move past "
            "101 or bounce off it: from 98 a 7 can only subtract to 91 or divide to 14). After "
            "the first pawn is home, every die goes to the other pawn.",
            "You win at once when your second pawn lands on 101; the dice left need not be "
            "used. A game that reaches its game length ends, and the player who climbed "
            "furthest wins. Scores: spaces climbed, 101 per pawn home (There and Back Again "
            "counts both ways); solitaire counts rolls (fewer is better).",
        ),
    ),
    RulesSection(
        "The colours",
        (
            "Each prime has a colour: 2 orange, 3 green, 5 blue, 7 purple, every prime above "
            "10 red; a composite circle shows one segment per prime factor, repeats included "
            "(4 is two oranges); 0 and 1 have no colour. A colour key sits beside the board, "
            "in words as well as colours.",
            "Multiplying combines the colours (14 = orange, purple; × 3 = green; the only "
            "circle with orange, green and purple is 42). Dividing removes the smaller "
            "number's colours from the bigger one's (84 ÷ 4: take two oranges from 84, leaving "
            "green and purple: 21). The step form shows this colour clue for × and ÷ (the "
            "colours of the answer, not its number): it is the printed board's own help, so an "
            "answer found with it still counts as the child's.",
        ),
    ),
    RulesSection(
        "The variations",
        (
            "Double Time: bump and draw after every move of a pawn (a die or an "
            "add-or-subtract card), so several cards may be drawn in one turn.",
            "Way Stations: 1 to 5 primes between 30 and 80; a player must land a pawn on each "
            "of them (any pawn, any time, even mid-turn) before moving a pawn to 101.",
            "Prime Sprint: the first pawn on 101 wins.",
            "Prime Decline: pawns start on 101 and race to 0; a bumped pawn goes back to 101.",
            "There and Back Again: to 101 (the pawn turns round there, no card) and back to 0; "
            "a bumped pawn goes back to the start of its current way.",
            "Solitaire 1 and 2 (one player): get both pawns home (Solitaire 2: there and back) "
            "in as few rolls as possible, with only the nine add-or-subtract Keepers (and any "
            "custom add-or-subtract cards). The app keeps each student's record: the fewest "
            "rolls among won games, kept apart per variation, per doubles setting, per set of "
            "custom cards and when the results are shown.",
        ),
    ),
    RulesSection("Settings", _settings_paragraphs()),
    RulesSection(
        "Decisions where the printed rules are silent",
        (
            "If no way of using the dice keeps a pawn on the board, the turn passes. A pawn "
            "forced below 0 stays at 0 (the FAQ); this happens only under a curse.",
            "A die that leaves a pawn where it is (0 × 7, 13 × 1) is a legal use of it.",
            "“Did not begin its turn on that space” compares with where the pawn stood when "
            "the dice were rolled: moving away and back draws nothing.",
            "Of two of your own pawns ending on one circle, the one that got there last stays.",
            "Advance/reverse to the nearest pawn: the nearest pawn of anyone on the circles "
            "1 to 100 ahead or behind; none: no effect. Switch: any two pawns on the circles "
            "1 to 100, each keeping its direction; no bump or card follows. Steal: the player "
            "chooses the card (Keepers are face up); it can be played from their next turn. "
            "Roll again: a whole new turn right after this one.",
            "The curse limits the cursed player's next turn to moving backwards (subtract or "
            "divide; add or multiply on the way down to 0), add-or-subtract cards included, "
            "and cannot be played on a player who is cursed already.",
            "Progress reports: each step's fact (for example 14 − 3) right or wrong; a wrong "
            "result, a step off the board or an inexact division as a mistake; at the end of "
            "each turn whether the player's leading pawn got as close to 101 as that roll "
            "allowed. Facts the board worked out (“Show the results”) count as help.",
        ),
    ),
)


def how_to_play() -> HowToPlay:
    """How to play, for children."""
    return HOW_TO_PLAY


def learn_to_play() -> LearnScript:
    """The guided first game: roll, work out landings, both dice, a card, a bump."""
    return LEARN_TO_PLAY


def rules_for_teachers() -> list[RulesSection]:
    """The full rules with every setting and decision."""
    return list(RULES_FOR_TEACHERS)
