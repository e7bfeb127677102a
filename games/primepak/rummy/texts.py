"""Factor Rummy explained: How to play (for children), the Learn to play round, and the full
rules a teacher reads. Pure Python, like the rules.

The pictures are drawn by templates/games/factor-rummy/_picture.html with the board's own cards
(the kinds agreed in the board contract): "hand" (groups and loose cards), "set" (one set and
its equation), "out" (a hand laid down going out), "piles" (the draw and discard piles),
"scoring" (a round's scoring lines) and "buttons" (the board's buttons).
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

from ..cards import WILD
from ..factorsets import MAX_WILDS, MIN_NATURALS
from .state import (
    DEADWOOD_PENALTY,
    MAX_RESHUFFLES,
    POINTS_PER_DEADWOOD,
    PRIME_BONUS,
    ROUND_OVER_SECONDS,
    RUMMY_BONUS,
    TARGETS,
)

PIP = 1  # the script's other seat (the platform names bot seat 1 "Pip")


def _set(cards: list[Any], equation: str, *, prime: bool, mark: str = "yes") -> dict[str, Any]:
    return {"cards": cards, "equation": equation, "prime": prime, "mark": mark}


def how_to_play() -> HowToPlay:
    """Factor Rummy for a 9-year-old, with the booklet's examples."""
    return HowToPlay(
        goal=(
            "Fill your hand with factor sets, then go out before the others. Catch them with "
            "cards left over!"
        ),
        steps=(
            HowToStep(
                "Your hand",
                "Everybody gets 10 or 11 cards. Keep them secret: only you see your hand. The "
                "other cards are the draw pile, face down, and one card starts the discard pile.",
                Picture(
                    "piles",
                    {"draw": 80, "discard": [45]},
                    "The draw pile, face down, and the discard pile with 45 on top.",
                ),
            ),
            HowToStep(
                "A factor set",
                "A factor set is an answer and two or more numbers that multiply to make it. "
                "42, 6 and 7 make a factor set, because 42 = 6 × 7.",
                Picture(
                    "set",
                    _set([42, 6, 7], "42 = 6 × 7", prime=False),
                    "42, 6 and 7: a factor set, 42 = 6 × 7.",
                ),
            ),
            HowToStep(
                "A prime factor set",
                "When every number that multiplies is a prime, it is a prime factor set. 42, 2, "
                "3 and 7 is one, because 42 = 2 × 3 × 7.",
                Picture(
                    "set",
                    _set([42, 2, 3, 7], "42 = 2 × 3 × 7", prime=True),
                    "42, 2, 3 and 7: a prime factor set, 42 = 2 × 3 × 7.",
                ),
            ),
            HowToStep(
                "Prime cards",
                f"A prime card can be any prime of the deck. A set may have at most {MAX_WILDS} "
                f"prime cards and needs at least {MIN_NATURALS} number cards. 20, 4 and a prime "
                "card make a set: the prime card is 5.",
                Picture(
                    "set",
                    _set([20, 4, WILD], "20 = 4 × prime(5)", prime=False),
                    "20, 4 and a prime card that stands for 5: 20 = 4 × 5.",
                ),
            ),
            HowToStep(
                "Your turn",
                "First take one card: the top card of the draw pile, or the top card of the "
                "discard pile. Then put one card from your hand on the discard pile. That ends "
                "your turn.",
                Picture(
                    "buttons",
                    {
                        "buttons": ["Draw from the pile", "Take the top card", "Discard"],
                        "main": "Draw from the pile",
                    },
                    "The buttons: Draw from the pile, Take the top card, and Discard.",
                ),
            ),
            HowToStep(
                "Make groups",
                "Tick the cards of a set and press “Make a group”. Nobody sees your groups. Stuck? "
                "“Show me the best grouping” groups your hand for you, but it counts as help.",
                Picture(
                    "hand",
                    {
                        "groups": [[42, 6, 7]],
                        "loose": [9, 20, 4, 5],
                        "ticked": [20, 4, 5],
                        "line": "20, 4 and 5 are ticked: next, make a group.",
                        "ok": None,
                    },
                    "A hand with the group 42, 6, 7; 20, 4 and 5 are ticked; 9 is loose.",
                ),
            ),
            HowToStep(
                "Going out “prime factor”",
                "When every card is in a prime factor set, go out “prime factor”. You may "
                f"discard one card first, or not. You get {PRIME_BONUS} points, plus points for "
                "the others' left-over cards.",
                Picture(
                    "out",
                    {
                        "how": "prime",
                        "sets": [
                            _set([42, 2, 3, 7], "42 = 2 × 3 × 7", prime=True),
                            _set([20, 2, 2, 5], "20 = 2 × 2 × 5", prime=True),
                            _set([9, 3, 3], "9 = 3 × 3", prime=True),
                        ],
                        "deadwood": [],
                        "discard": 50,
                        "line": f"Prime factor: {PRIME_BONUS} points",
                    },
                    "Three prime factor sets laid down and 50 discarded: prime factor.",
                ),
            ),
            HowToStep(
                "Going out “factor rummy”",
                "When every card is in a factor set, and some number that multiplies is not "
                f"prime, go out “factor rummy”. You get {RUMMY_BONUS} points, plus points for "
                "the others' left-over cards.",
                Picture(
                    "out",
                    {
                        "how": "rummy",
                        "sets": [
                            _set([42, 6, 7], "42 = 6 × 7", prime=False),
                            _set([20, 4, 5], "20 = 4 × 5", prime=False),
                            _set([27, 3, 9], "27 = 3 × 9", prime=False),
                        ],
                        "deadwood": [],
                        "discard": None,
                        "line": f"Factor rummy: {RUMMY_BONUS} points",
                    },
                    "Three factor sets laid down, no card left over: factor rummy.",
                ),
            ),
            HowToStep(
                "Deadwood",
                "Cards that are in no set are deadwood. With only one or two deadwood cards "
                "after your discard, you may go out “factor with deadwood”. There is no bonus, "
                "so it is risky!",
                Picture(
                    "out",
                    {
                        "how": "deadwood",
                        "sets": [
                            _set([36, 6, 6], "36 = 6 × 6", prime=False),
                            _set([40, 2, 4, 5], "40 = 2 × 4 × 5", prime=False),
                        ],
                        "deadwood": [9],
                        "discard": 20,
                        "line": "Factor with deadwood: 1 deadwood card",
                    },
                    "Two sets, 9 left over as deadwood, 20 discarded: factor with deadwood.",
                ),
            ),
            HowToStep(
                "Catch the others",
                "When you go out, everybody lays down their sets. You get "
                f"{POINTS_PER_DEADWOOD} points for each of their deadwood cards. Out with "
                "deadwood: only for the cards beyond yours, and "
                f"{DEADWOOD_PENALTY} points off for each player with as few as you.",
                Picture(
                    "scoring",
                    {
                        "lines": [
                            f"Ana went out “factor rummy”: {RUMMY_BONUS} points.",
                            "Ben had 3 deadwood cards: 6 points.",
                            "Points this round for Ana: 26.",
                        ]
                    },
                    "Ana went out factor rummy: 20 points, and 6 more for the 3 deadwood cards "
                    "Ben had.",
                ),
            ),
            HowToStep(
                "Who wins",
                "Only the player who goes out scores. Then the next round is dealt. The first "
                "player to reach 200 points wins (your teacher may choose 50 or 100).",
            ),
        ),
    )


# The Learn to play deal (seed 11608 at level 2, two players): the learner starts with
# 2, 2, 3, 5, 8, 20, 27, 50, 81, 100 and a 2 on the discard pile. Taking it makes
# 8 = 2 × 2 × 2, 81 = 3 × 27 and 100 = 5 × 20, with 50 to discard.
LEARN_SEED = 11608


def learn_to_play() -> LearnScript:
    """Take the top discard, make three sets, go out “factor rummy”."""
    return LearnScript(
        settings={"level": 2, "target": 50},
        players=2,
        seed=LEARN_SEED,
        intro=(
            "Let's play one round against Pip. Put every card of your hand into factor sets, "
            "then go out!"
        ),
        steps=(
            LearnStep(
                "Your hand has 2 and 2, and the discard pile has a 2. With it, you can make "
                "8 = 2 × 2 × 2. Press “Take the top card”.",
                ({"type": "draw", "from": "discard"},),
                then="The 2 is now the last card of your hand.",
                highlight=("[data-action='take-discard']",),
            ),
            LearnStep(
                "Make your first set: tick 8 and the three 2s, then press “Make a group”.",
                ({"type": "group", "cards": "0,1,4,10"},),
                then="8 = 2 × 2 × 2. Every number is prime: a prime factor set!",
                highlight=("[data-action='group']",),
            ),
            LearnStep(
                "Now find the set with 81. Tick 81, 27 and 3, then press “Make a group”.",
                ({"type": "group", "cards": "2,6,8"},),
                then="81 = 3 × 27: a factor set.",
            ),
            LearnStep(
                "One more: tick 100, 20 and 5, then press “Make a group”.",
                ({"type": "group", "cards": "3,5,9"},),
                then="100 = 5 × 20. Only 50 is left over.",
            ),
            LearnStep(
                "27 and 20 are not primes, so choose “factor rummy”. Tick 50 to discard it, "
                "then press “Go out”.",
                ({"type": "go_out", "how": "rummy", "cards": 7},),
                then="You went out! 20 points, and 2 more for each of Pip's deadwood cards.",
                highlight=("[data-action='go-out']",),
            ),
        ),
        finish=(
            "That's Factor Rummy! Take a card, make sets, discard, and go out when every card "
            "fits. The first to 200 points wins."
        ),
        names=("Pip",),
    )


def rules_for_teachers() -> list[RulesSection]:
    """The booklet's rules, with the app's settings and decisions (docs/rules.md too)."""
    return [
        RulesSection(
            "Setting up",
            (
                "2 to 6 players. The deck is the PrimePak deck of the level chosen: 7 prime "
                "wild cards at levels 1 to 3, 11 at levels 4 to 6. Hands of 10 cards at levels "
                "1 and 2, 11 at levels 3 and up. The booklet recommends level 2 or higher; "
                "level 1 is offered because teachers pace by level (our decision: 7 wilds, "
                "10 cards).",
                "The app deals. The first dealer is drawn by lot; the deal passes to the left "
                "each round, and play begins on the dealer's left. The rest of the deck is the "
                "draw pile; its top card starts the face-up discard pile.",
            ),
        ),
        RulesSection(
            "A turn",
            (
                "A player takes the top card of the draw pile or of the discard pile, then "
                "discards one card, which ends the turn. The card just taken from the discard "
                "pile cannot be discarded in the same turn (our decision, as in most rummy "
                "games).",
                "A player may go out only on their own turn: before drawing (no discard), or "
                "after drawing, with or without a discard.",
                "What each player took from the discard pile, and which top cards they passed "
                "by, is public (the log says it), as at a real table.",
            ),
        ),
        RulesSection(
            "Arranging the hand",
            (
                "Each child groups their own cards: tick cards, press “Make a group”. Groups "
                "are private and are not judged while the round is played (finding the sets is "
                "the child's arithmetic). A group that loses a card to a discard is taken apart.",
                "A claim to go out is judged on the child's own groups: every group must be a "
                "factor set, and the cards in no group are deadwood. A claim that does not "
                "hold is refused with the reason, and the board offers the best grouping.",
                "“Show me the best grouping” replaces the groups with the meld layer's best "
                "arrangement. It is recorded as help, so progress reports tell the child's own "
                "sets from the app's.",
            ),
        ),
        RulesSection(
            "Going out and scoring",
            (
                f"“Prime factor”: every card in prime factor sets; {PRIME_BONUS} points plus "
                f"{POINTS_PER_DEADWOOD} points per deadwood card of every opponent.",
                f"“Factor rummy”: every card in factor sets; {RUMMY_BONUS} points plus "
                f"{POINTS_PER_DEADWOOD} per opponent deadwood card. A hand of prime factor sets "
                "may also be claimed as factor rummy (and scores 20).",
                "“Factor with deadwood”: one or two deadwood cards after a discard; no bonus; "
                f"{POINTS_PER_DEADWOOD} points per opponent deadwood card beyond the going-out "
                f"player's count, and {DEADWOOD_PENALTY} points off for each opponent with "
                "equal or fewer deadwood cards.",
                "Opponents' hands are laid down as the meld layer groups them best for their "
                "owner (fewest deadwood cards). Points or penalties go only to the player who "
                "went out; the scoring is explained line by line.",
            ),
        ),
        RulesSection(
            "When the draw pile runs out",
            (
                "Our decision: the discard pile except its top card is shuffled to make a new "
                f"draw pile, at most {MAX_RESHUFFLES} times a round. When it runs out again, "
                "the round ends with nobody going out and no points.",
            ),
        ),
        RulesSection(
            "Settings",
            (
                "Deck level: 1 to 6 (default 2).",
                "Points to win: "
                + ", ".join(str(t) for t in TARGETS)
                + " (the booklet plays to 200; 50 or 100 fit a lesson).",
                f"Between rounds the scoring stays on screen for {int(ROUND_OVER_SECONDS)} "
                "seconds unless a player presses “Next round”.",
            ),
        ),
    ]
