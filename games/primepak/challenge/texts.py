"""Prime Challenge explained: How to play (for children), the Learn to play round, and the full
rules a teacher reads. Pure Python, like the rules.

The pictures are drawn by templates/games/prime-challenge/_picture.html with the board's own
cards; its kinds are "table" (the foundation, the draw pile and hit cards), "cards" (a row of
cards: a set, not a set, a pick in order), "buttons" (the turn's buttons) and "challenge" (a
set just taken and the Challenge! button).
"""

from __future__ import annotations

import itertools
from typing import Any

from games.engine.texts import (
    CLOCK,
    HowToPlay,
    HowToStep,
    LearnScript,
    LearnStep,
    Picture,
    RulesSection,
)

from ..cards import LEVEL_PRIMES, WILD
from ..factorsets import MAX_WILDS, MIN_NATURALS
from .state import (
    DEFAULT_TIMING,
    FALSE_CHALLENGE_POINTS,
    FOUNDATION_SIZE,
    INVALID_SET_LABELS,
    OFFENCE_POINTS,
    PRODUCT_CHOICES,
    TIME_LIMITS,
    TURN_LIMIT,
    WILDS_BY_LEVEL,
    WRONG_SET_POINTS,
)

PIP = 1  # the script's other seat (the platform names bot seat 1 "Pip")


# --- pictures ------------------------------------------------------------------------------------
def _card(value: int | str, *, order: int | None = None, stands_for: int | None = None,
          below: str = "", hit: bool = False) -> dict[str, Any]:  # fmt: skip
    """One card as _picture.html draws it (the board's .pc-card)."""
    wild = value == WILD
    return {
        "label": "prime" if wild else str(value),
        "wild": wild,
        "order": order,
        "as": stands_for,
        "below": below,
        "hit": hit,
    }


def _cards(*values: int | str, mark: str = "", caption: str, **each: Any) -> Picture:
    """A row of cards; mark "yes" (a factor set) or "no" (not a set)."""
    return Picture("cards", {"cards": [_card(v, **each) for v in values], "mark": mark}, caption)


def _table(rows: list[list[int]], draw: int, hits: tuple[int, ...] = ()) -> dict[str, Any]:
    return {
        "rows": [[_card(v) for v in row] for row in rows],
        "draw": draw,
        "hits": [_card(v, hit=True) for v in hits],
    }


FOUNDATION = [[20, 2, 5], [4, 64, 5], [2, 10, 25]]
NO_SET = [[16, 50, 40], [100, 64, 80], [8, 32, 200]]  # a set only with the hit card 10


def how_to_play() -> HowToPlay:
    """Prime Challenge for a 9-year-old, with the booklet's worked examples."""
    return HowToPlay(
        goal=(
            "Take as many cards as you can by finding factor sets on the table, and catch the "
            "other players' mistakes."
        ),
        steps=(
            HowToStep(
                "The cards on the table",
                "The cards lie face up in the middle. This is the foundation. Everybody sees "
                "every card. At the start of each turn, the empty places are filled from the "
                "draw pile.",
                Picture(
                    "table",
                    _table(FOUNDATION, 40),
                    "The foundation: 9 cards face up in 3 rows. Beside it, the draw pile.",
                ),
            ),
            HowToStep(
                "A factor set",
                "A factor set is an answer and two or more numbers that multiply to make it. "
                "20, 4 and 5 make a factor set, because 20 = 4 × 5.",
                _cards(20, 4, 5, mark="yes", caption="20, 4 and 5: a factor set, 20 = 4 × 5."),
            ),
            HowToStep(
                "More numbers",
                "A set can have more than two numbers that multiply. 50, 2, 5 and 5 make a "
                "factor set too, because 50 = 2 × 5 × 5.",
                _cards(
                    50, 2, 5, 5, mark="yes", caption="50, 2, 5 and 5: a factor set, 50 = 2 × 5 × 5."
                ),
            ),
            HowToStep(
                "The answer must be there",
                "2, 10, 4 and 5 are not a factor set, even though 2 × 10 = 4 × 5. A set needs "
                "its answer: one card that all the other cards multiply to make.",
                _cards(2, 10, 4, 5, mark="no", caption="2, 10, 4 and 5: not a factor set."),
            ),
            HowToStep(
                "Answer first",
                "On your turn, tap the answer first. Then tap the numbers that multiply to make "
                "it. For 42, 6 and 7: tap 42, then 6 and 7. Multiply to check, then press “Take "
                "this set”. Take as many sets as you can. A clock shows how much time you have.",
                Picture(
                    "cards",
                    {"cards": [_card(42, order=1), _card(6, order=2), _card(7, order=3)]},
                    "42 picked up first, then 6, then 7.",
                ),
            ),
            HowToStep(
                "Hit: one more card",
                "See no set at all? Press “Hit: I see no set”. You get one more card beside the "
                "foundation, and you may use it in a set. You may ask again, until you take a "
                "set with a foundation card.",
                Picture(
                    "table",
                    _table(NO_SET, 39, hits=(10,)),
                    "No set in the foundation, so a hit card, 10, lies beside it.",
                ),
            ),
            HowToStep(
                "Done",
                "When you have taken a set that uses a foundation card, and you see no more "
                "sets, press “Done”. Then it is the next player's turn.",
                Picture(
                    "buttons",
                    {"buttons": ["Take this set", "Put the cards back", "Done"], "main": "Done"},
                    "The buttons of your turn: Take this set, Put the cards back, Done.",
                ),
            ),
            HowToStep(
                "Challenge!",
                "Watch the others! Did they take a wrong set, or say “hit” or “done” when there "
                "was a set? Press “Challenge!” quickly. A wrong set wins you 3 points. A missed "
                "set: you take every set you can, then press “Done”. Leave one, and they can "
                "challenge you! Wrong? You give 3 points away.",
                Picture(
                    "challenge",
                    {"who": "Pip", "cards": [_card(v) for v in (40, 2, 10)], "text": "40 = 2 × 10"},
                    "Pip took 40 = 2 × 10. Is it right? If not, press Challenge!",
                ),
            ),
            HowToStep(
                "Prime cards",
                "From level 3 there are prime cards. A prime card can be any prime of the "
                "level, like 2, 3, 5, 7 or 11 at level 3. A set may have at most 3 prime cards "
                "and needs at least 2 number cards. Here the prime cards are 2, 2 and 5.",
                Picture(
                    "cards",
                    {
                        "cards": [
                            _card(40),
                            _card(2),
                            _card(WILD, stands_for=2),
                            _card(WILD, stands_for=2),
                            _card(WILD, stands_for=5),
                        ],
                        "mark": "yes",
                    },
                    "40, 2 and three prime cards used as 2, 2 and 5: a factor set.",
                ),
            ),
            HowToStep(
                "Points",
                "The game ends when the draw pile is empty and no sets are left. Every number "
                "card you took is 1 point. Every prime card is 2 points. The most points wins.",
                Picture(
                    "cards",
                    {
                        "cards": [
                            _card(20, below="1 point"),
                            _card(4, below="1 point"),
                            _card(WILD, below="2 points"),
                        ]
                    },
                    "A number card is 1 point, a prime card 2 points.",
                ),
            ),
        ),
    )


# --- Learn to play -------------------------------------------------------------------------------
# Level 2, seed 38314 (found by searching seeds): the learner (seat 0) starts with
# 6 3 3 / 3 3 4 / 2 4 3, where 6 = 2 × 3 is the only set; after it the cards that fill the
# empty places are 40, 5, 5 (in f0, f1, f6): no set, but Pip can take a wrong one,
# 40 = 4 × 5. After the challenge the learner sees no set, says "hit" and gets 10:
# 40 = 4 × 10. tests/games/primepak/challenge/test_texts.py plays it through. The product of
# a pick is hidden, as in a real game: the learner works out that Pip's 4 × 5 is not 40 (shown,
# the board would say "4 × 5 = 20 so far (you want 40)"), and the coach says the rest.
LEARN_SETTINGS = {
    "level": 2,
    "time_limits": DEFAULT_TIMING,
    "invalid_sets": "challenge",
    "teams": "off",
    "product": "hidden",
}
LEARN_SEED = 38314


def _take(answer: str, *others: str) -> tuple[dict[str, str], ...]:
    """The takes a step accepts for a set: the answer first, then the other cards in any order
    as tapped, or (a page without JavaScript) every card in the table's order."""
    tapped = [(answer, *order) for order in itertools.permutations(others)]
    table = sorted((answer, *others), key=lambda ref: (ref[0] != "f", int(ref[1:])))
    return (
        *({"type": "collect", "cards": ",".join(refs)} for refs in tapped),
        {"type": "collect", "cards": ",".join(table), "order": "table"},
    )


def _at(ref: str) -> str:
    """The board's card at a place (templates/games/prime-challenge/board.html)."""
    return f'[data-ref="{ref}"]'


_TAKE_BUTTON = 'button[value="collect"]'


def learn_to_play() -> LearnScript:
    """Two sets, a hit, "done", and catching Pip's wrong set: about three minutes."""
    return LearnScript(
        settings=LEARN_SETTINGS,
        players=2,
        seed=LEARN_SEED,
        names=("Pip",),
        intro=(
            "You play against Pip. You both look for factor sets on the table: an answer, and "
            "numbers that multiply to make it. This game uses the numbers 2, 3 and 5."
        ),
        steps=(
            LearnStep(
                "Find 6 = 2 × 3. Tap 6 first (the answer always comes first), then 2 and 3. "
                "Press “Take this set”.",
                _take("f0", "f6", "f1"),
                then="6 = 2 × 3: a factor set, picked up answer first. The three cards are yours.",
                highlight=(_at("f0"), _at("f6"), _at("f1"), _TAKE_BUTTON),
            ),
            LearnStep(
                "Now Pip may press “Challenge!” if your set is wrong. Wait and see.",
                seat=CLOCK,
                then="Nobody challenged. Your set was right, so you keep it.",
            ),
            LearnStep(
                "Look at the cards that are left: there is no other set. Press “Done”.",
                ({"type": "done"},),
                then="You said “done”.",
                highlight=('button[value="done"]',),
            ),
            LearnStep(
                "Pip checks that you did not miss a set.",
                seat=CLOCK,
                then="You did not miss one. Now it is Pip's turn: new cards fill the empty places.",
            ),
            LearnStep(
                "Pip picks up 40 first, then 4 and 5, and takes them.",
                _take("f0", "f5", "f1")[:1],
                seat=PIP,
                then="Pip took 40 = 4 × 5. Is that right?",
            ),
            LearnStep(
                "Work out 4 × 5. Is it 40? No! Press “Challenge!” before the time runs out.",
                ({"type": "challenge"},),
                then=(
                    f"4 × 5 = 20, not 40. Pip's cards go back, Pip gives you {WRONG_SET_POINTS} "
                    "points, and Pip's turn ends."
                ),
                highlight=(".pc-challenge-button",),
            ),
            LearnStep(
                "Your turn again. Look hard: there is no set this time. Press “Hit: I see no set”.",
                ({"type": "hit"},),
                then="You asked for one more card.",
                highlight=('button[value="hit"]',),
            ),
            LearnStep(
                "Pip checks that there really is no set. Then you get a hit card.",
                seat=CLOCK,
                then="Your hit card is 10. It lies beside the foundation, and you may use it.",
            ),
            LearnStep(
                "Find 40 = 4 × 10 with the hit card. Tap 40 first: it is the answer. Then tap "
                "a 4 and the hit card, 10. Press “Take this set”.",
                (*_take("f0", "f5", "h0"), *_take("f0", "f7", "h0")),
                then="4 × 10 = 40: a factor set! You took a set with a hit card.",
                highlight=(_at("f0"), _at("f5"), _at("f7"), _at("h0"), _TAKE_BUTTON),
            ),
            LearnStep(
                "Pip may challenge your set. Wait and see.",
                seat=CLOCK,
                then="Nobody challenged. The set is yours.",
            ),
            LearnStep(
                "No more sets? Press “Done” to end your turn.",
                ({"type": "done"},),
                then="Well done! You took two sets and caught Pip's mistake.",
                highlight=('button[value="done"]',),
            ),
        ),
        finish=(
            "Now you know how to play! In a real game a clock runs, Pip looks for sets too, "
            "and the game goes on until the cards run out. Start a real game when you are ready."
        ),
    )


# --- the full rules, for teachers --------------------------------------------------------------
def _primes(level: int) -> str:
    primes = [str(p) for p in LEVEL_PRIMES[level]]
    return ", ".join(primes[:-1]) + " and " + primes[-1]


def _seconds(name: str) -> str:
    clock = TIME_LIMITS[name]
    return f"{clock.first} s, {clock.further} s and {clock.window} s"


def rules_for_teachers() -> list[RulesSection]:
    """The complete rules with every setting and every decision that changes play."""
    wild_levels = "; ".join(
        f"level {level}: {WILDS_BY_LEVEL[level]}" for level in sorted(WILDS_BY_LEVEL)
    )
    return [
        RulesSection(
            "What the game is",
            (
                "Prime Challenge is a PrimePak card game for 2 to 4 players (or two teams of "
                "two). Players race to collect cards from a shared table by forming factor "
                "sets, and watch each other: anyone may say “challenge” when another player "
                "takes a wrong set or overlooks one. It practises multiplication facts, "
                "recognising a number as a product (18 is 3 × 6), and checking others' "
                "arithmetic.",
                "The app is the dealer (the booklet's Dealer Option 2, the teacher as "
                "dealer): it fills the table, deals hit cards, keeps the time and settles "
                "every challenge, so every child plays.",
            ),
        ),
        RulesSection(
            "Setting up",
            (
                "The deck is the PrimePak deck of the chosen level (1 to 6). Prime wild cards "
                f"(“prime cards”) are added by level as the booklet says: {wild_levels}.",
                f"The foundation is {FOUNDATION_SIZE[1]} cards face up at levels 1 and 2 and "
                f"{FOUNDATION_SIZE[3]} (three rows of four) at levels 3 to 6. The rest is the "
                "draw pile; its cards are never shown. The first player is drawn by lot; play "
                "passes to the left (the next seat).",
            ),
        ),
        RulesSection(
            "Factor sets",
            (
                "A factor set is at least three cards: one number card, the answer, and two or "
                "more cards whose product is the answer. 20, 4 and 5 is a set (20 = 4 × 5); so "
                "is 50, 2, 5 and 5. 2, 10, 4 and 5 is not, even though 2 × 10 = 4 × 5: a set "
                "must include the answer.",
                f"A prime card stands for any prime of the level in play (level 1: "
                f"{_primes(1)}; level 2: {_primes(2)}; level 3: {_primes(3)}; then 13, 17 and "
                f"19 are added at levels 4, 5 and 6), never for a composite number and never "
                f"for the answer. A set may contain at most {MAX_WILDS} prime cards and must "
                f"contain at least {MIN_NATURALS} number cards. Once a set with prime cards is "
                "taken, the board and the log name the prime each one stood for: "
                "“42 = 6 × (prime as 7)”; with the products hidden (see Settings), only when no "
                "challenge can follow (naming them would tell the others the set is right), "
                "and otherwise it reads “42 = 6 × prime”.",
            ),
        ),
        RulesSection(
            "A turn",
            (
                "At the start of a turn the dealer fills every empty place of the foundation "
                "from the draw pile. The player then takes as many factor sets as they can: "
                "they tap the answer first, then the numbers that multiply to make it, and "
                "press “Take this set”. The cards are picked up on the player's own screen "
                "(no tap can be lost on a slow network) and the others see the set once it is "
                "taken, in the order it was picked up (the booklet's “answer first, with one "
                "hand”, so that opponents can check). The player's board shows the cards "
                "picked so far as the set they claim (“50 = 5 × 5?”) to multiply; it says "
                "their product (“5 × 5 = 25 so far (you want 50)”) only when the teacher "
                "shows the products. Without JavaScript the page cannot tell the order of the "
                "taps: the biggest number card is then read as the answer.",
                "Hit: a player who sees no set asks for a hit. If nobody challenges, the dealer "
                "lays one card beside the foundation; hit cards stay there, across turns, until "
                "they are used in a set. A player may ask for more hits until they have taken a "
                "set that uses a foundation card; after that, no more hits that turn. Sets made "
                "only of hit cards are allowed, but they do not end the hits and do not allow "
                "“done”.",
                "Done: after at least one set that used a foundation card, the player says "
                "“done” when they see no more sets; the turn passes to the left. When the draw "
                "pile is empty there is no hit to ask for, so a player who sees no set says "
                "“done” at once (the others may still challenge).",
            ),
        ),
        RulesSection(
            "Challenges",
            (
                "After every “hit”, “done” and set, the others have a few seconds (the "
                "challenge window) to press “Challenge!”. Partners never challenge each other. "
                "The first challenge to reach the app counts; the booklet's tie rule is never "
                "needed.",
                "A missed set (after “hit” or “done”, the foundation and hit cards held a "
                "set): the challenger must take as many sets as they can (their sets are "
                "checked at once, and they may not ask for hits). They must take at least one "
                "set (they saw one) before they may say “done”, and say it when they see no "
                "more. The challenged player's turn ends, and a challenged hit deals no card.",
                "A challenger's “done” may be challenged like anyone's: if they left a set, "
                "any other player (the one they challenged too, but never their partner) may "
                "challenge, take every set they can in turn and say “done”, and so on. Once a "
                "“done” stands, play passes to the left of the player whose turn it was. A "
                "challenger who left a set is told so on their board, and it counts as a set "
                "they missed.",
                f"A wrong set (the multiplication is wrong): the cards go back where they were, "
                f"the challenger wins {WRONG_SET_POINTS} points from the player, and the "
                "player's turn ends.",
                f"One-point offences: the answer not picked up first, more than {MAX_WILDS} "
                f"prime cards, or fewer than {MIN_NATURALS} number cards. Each costs "
                f"{OFFENCE_POINTS} point, and they add up. A set with too many prime cards or "
                "too few number cards goes back; a set picked up in the wrong order stays. "
                "The player's turn goes on.",
                f"A false challenge (there was no set, or the set was right) costs the "
                f"challenger {FALSE_CHALLENGE_POINTS} points, given to the challenged player, "
                "and play goes on as if nothing happened.",
                "A wrong set nobody challenges in time stands, as in the booklet (checking is "
                "the opponents' job), and keeps its points. But the player who took it is told "
                "afterwards, on their board and in the game's log, what was wrong "
                "(“Nobody challenged your 100 = 2 × 2, but it was not a factor set. "
                "2 × 2 = 4, not 100.”), and it is recorded as their mistake in the progress "
                "reports.",
            ),
        ),
        RulesSection(
            "Time",
            (
                "Each turn has a time for its first action and a shorter time for each further "
                "action (taking a set, “hit”, “done”; picking cards up happens on the player's "
                "screen and is not an action). A player who runs out of time is treated as "
                "saying “done”, so the others may still challenge a set they missed. The same "
                "goes for a challenger taking sets: out of time is their “done”, and a set "
                "they left may be challenged. The board shows the seconds left.",
                "In a Learn to play round no clock runs: the coach waits for the child.",
            ),
        ),
        RulesSection(
            "Scoring and the end",
            (
                "Each number card collected is 1 point and each prime card 2 points. Penalties "
                "are points, not cards (the booklet allows either), so a score can go below 0.",
                "The game is one round. It ends when the draw pile is empty and no factor set "
                "is left on the table, or when every player in turn has ended a turn without "
                f"a set while the draw pile is empty. A safety cap ends a game after "
                f"{TURN_LIMIT} turns. The highest score wins; tied players share the win. With "
                "teams, partners' scores are added and both partners win.",
            ),
        ),
        RulesSection(
            "Settings",
            (
                "Deck level (1 to 6): level 1 uses the primes 2 and 5, level 2 adds 3, level 3 "
                "adds 7 and 11 and the prime cards, levels 4, 5 and 6 add 13, 17 and 19. "
                "Progress is counted per level.",
                "Time limits (first action, each further action, challenge window): gentle "
                f"{_seconds('gentle')}; relaxed {_seconds('relaxed')}; the booklet's "
                f"{_seconds('booklet')}. New games and "
                "assignments get the gentle timing, which a class can manage; choose the "
                "booklet's for quick players.",
                "Wrong sets: “"
                + INVALID_SET_LABELS["challenge"]
                + "”, or “"
                + INVALID_SET_LABELS["refuse"]
                + "”: the app then says at once why a set is wrong, no window opens after a "
                "set, and only “hit” and “done” can be challenged.",
                "Teams (4 players only): partners sit across (seats 1 and 3, 2 and 4), their "
                "scores are added, and they never challenge each other.",
                "Product while choosing: hidden (the default) or shown (“"
                + PRODUCT_CHOICES["shown"]
                + "”). Hidden, the board shows the cards picked up as the set they claim, "
                "“50 = 5 × 5?”, and the children multiply: the player before taking it, the "
                "others before they challenge. That is what the game practises. Shown, the "
                "board works out the product as cards are picked up (“5 × 5 = 25 so far (you "
                "want 50)”), and every set and challenge at that table counts as help in the "
                "progress report.",
            ),
        ),
        RulesSection(
            "What counts in progress reports",
            (
                "Every set a student takes counts as right or wrong for the factors of its "
                "answer. A wrong set is counted once, when the dealer's word on it is final: "
                "when someone challenges it, or when its window closes unchallenged. A set "
                "a student missed counts as a mistake when someone challenges it (a set left "
                "behind after catching a missed set too); a false "
                "challenge counts as a challenge mistake. Moves a bot makes are never counted "
                "for a student. With the products shown, all of these count as help, not as "
                "the student's own skill.",
            ),
        ),
    ]
