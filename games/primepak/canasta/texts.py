"""Prime Canasta explained: How to play (for children), the Learn to play round, and the full
rules a teacher reads. Pure Python, like the rules.

Rule text: the PrimePak booklet ("PRIME CANASTA"); decisions: docs/rules.md, "Prime Canasta".
Every number here (point tables, bonuses, minimums, targets) comes from the rules core, and
every set drawn in a picture is judged by the meld layer as How to play is built, so the
pictures cannot drift from the game.

The pictures are drawn by templates/games/prime-canasta/_picture.html with the board's own
cards. A card is a number, or "P" for a prime wild (cards.WILD). The kinds and their data:

- "hand": {"cards": [card, ...], "ticked": [index into cards, ...], "line": str};
- "set": {"cards", "equation", "name", "canasta", "mark", "points", "bonus", "line"} - one
  group: mark "yes" (a set: its equation and name as the table shows them, the points of its
  cards, its canasta bonus) or "no" (not a set: equation and name "", points and bonus 0);
- "table": {"name": whose, "sets": [set data, ...], "line": str} - one side's sets;
- "ready": {"groups": [{"cards", "to": None, "points"}], "points", "minimum", "line"} - groups
  put aside before the first laydown, against its minimum (the board's ready area);
- "piles": {"draw": count, "discard": [card, ...] bottom first, "frozen": bool, "line": str};
- "scoring": {"title": str, "lines": [str, ...]} - a round's scoring or the card points.
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

from ..cards import LEVEL_PRIMES, WILD, Card, label
from ..factorsets import MAX_WILDS, MIN_NATURALS
from ..meld import CANASTA_SIZE, MIN_RUN, check_meld
from .state import (
    CANASTA_BANDS,
    CANASTAS_BELOW_ZERO,
    COMPOSITE_POINTS,
    DEFAULT_TARGET,
    FACTOR_BONUS,
    GOING_OUT_BONUS,
    HAND_SIZE,
    LAYDOWN_BANDS,
    LAYDOWN_BELOW_ZERO,
    LEVELS,
    MIN_PICK,
    MIN_PILE,
    PENALTY,
    PRIME_BONUS,
    PRIME_POINTS,
    REFUSE,
    ROUND_OVER_SECONDS,
    TARGETS,
    WILD_POINTS,
    canasta_bonus,
    canasta_name,
    card_points,
    cards_points,
    laydown_minimum,
    wilds_for,
)

P = WILD
PICTURE_LEVEL = 6  # the pictures use cards of the full deck (a prime canasta needs level 4+)
PIP = 1  # the script's other seat (the platform names bot seat 1 "Pip")
FIRST_MINIMUM = laydown_minimum(0)  # 100: every side starts the game at 0


# --- pictures -------------------------------------------------------------------------------
def set_data(cards: list[Card], line: str = "") -> dict[str, Any]:
    """A group as a picture shows it, judged by the meld layer (as the board judges a set)."""
    check = check_meld(cards, PICTURE_LEVEL, prime_runs=True)
    data: dict[str, Any] = {"cards": list(cards), "line": line}
    if not check.ok:
        return data | {"equation": "", "name": "", "canasta": False, "mark": "no",
                       "points": 0, "bonus": 0}  # fmt: skip
    meld = check.meld
    return data | {"equation": meld.equation(), "name": canasta_name(meld),
                   "canasta": meld.is_canasta, "mark": "yes", "points": cards_points(cards),
                   "bonus": canasta_bonus(meld)}  # fmt: skip


def _set_picture(cards: list[Card], caption: str, line: str = "") -> Picture:
    return Picture("set", set_data(cards, line), caption)


def _ready_picture(groups: list[list[Card]], caption: str) -> Picture:
    """Groups put aside as new sets before the first laydown, with their points against the
    minimum (what the board's ready area shows)."""
    found = [{"cards": list(cards), "to": None, "points": cards_points(cards)} for cards in groups]
    points = sum(group["points"] for group in found)
    line = "Worth enough: press “Lay down”!" if points >= FIRST_MINIMUM else "Not enough yet."
    data = {"groups": found, "points": points, "minimum": FIRST_MINIMUM, "line": line}
    return Picture("ready", data, caption)


def _bonus(table: dict[tuple[bool, bool], int], big: bool, natural: bool) -> int:
    return table[(big, natural)]


# The booklet's scoring, worked for How to play: Ana goes out with two canastas and a set, Ben
# is caught with cards in his hand.
ANA_SETS = ([72, 2, 2, 2, 9], [60, 3, 5, P, P], [42, 6, 7])
BEN_SETS = ([20, 4, 5],)
BEN_LEFT = [120, 7]


def _round_lines() -> list[str]:
    """The scoring lines of the worked example, computed with the game's own tables."""
    ana = [set_data(cards) for cards in ANA_SETS]
    ben = [set_data(cards) for cards in BEN_SETS]
    ana_bonus = sum(s["bonus"] for s in ana)
    ana_cards = sum(s["points"] for s in ana)
    ben_cards = sum(s["points"] for s in ben)
    ben_left = cards_points(BEN_LEFT)
    left = " and ".join(label(c) for c in BEN_LEFT)
    return [
        f"Ana went out: {GOING_OUT_BONUS} points.",
        f"Ana's canastas: {' + '.join(str(s['bonus']) for s in ana if s['canasta'])} "
        f"= {ana_bonus} bonus points.",
        f"Ana's cards on the table: {ana_cards} points.",
        f"Ana's round: {GOING_OUT_BONUS + ana_bonus + ana_cards} points.",
        f"Ben's cards on the table: {ben_cards} points.",
        f"Ben still held {left}: minus {ben_left} points.",
        f"Ben's round: {ben_cards - ben_left} points.",
    ]


def _and(items: list) -> str:
    """ "2, 3 and 5" """
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" and {words[-1]}"


def _point_lines() -> list[str]:
    """The booklet's table of card points, from the rules core."""
    by_points: dict[int, list[int]] = {}
    for prime, points in PRIME_POINTS.items():
        by_points.setdefault(points, []).append(prime)
    lines = [f"A prime card: {WILD_POINTS} points."]
    for points in sorted(by_points, reverse=True):
        primes = by_points[points]
        what = "The primes" if len(primes) > 1 else "The prime"
        lines.append(f"{what} {_and(primes)}: {points} points.")
    top = None  # the start of the band above
    for start, points in COMPOSITE_POINTS:
        if top is None:
            lines.append(f"Other numbers from {start} up: {points} points.")
        elif start == 0:
            lines.append(f"Other numbers below {top}: {points} points.")
        else:
            lines.append(f"Other numbers from {start} to {top - 1}: {points} points.")
        top = start
    return lines


def how_to_play() -> HowToPlay:
    """Prime Canasta for a 9-year-old, with the booklet's examples (81, 3, 3, 3, 3; 2 to 13;
    7 is 20 points, 120 is 50, 72 is 30)."""
    big, small = _bonus(FACTOR_BONUS, True, True), _bonus(FACTOR_BONUS, False, False)
    return HowToPlay(
        goal=(
            "Lay down factor sets and canastas for points, then go out first. Cards left in "
            "your hand count against you!"
        ),
        steps=(
            HowToStep(
                "Your cards",
                f"Everybody gets {HAND_SIZE} cards. Keep them secret. Most cards are numbers. "
                "A prime card is special: it can stand for any prime, like 2, 3, 5 or 7. The "
                "other cards make the draw pile. One card starts the discard pile.",
                Picture(
                    "hand",
                    {
                        "cards": [2, 2, 3, 5, 7, 9, 14, 20, 42, 72, 81, 120, P],
                        "ticked": [],
                        "line": "The last card is a prime card.",
                    },
                    "A hand of 13 cards: 2, 2, 3, 5, 7, 9, 14, 20, 42, 72, 81, 120 and a prime "
                    "card.",
                ),
            ),
            HowToStep(
                "Your turn",
                "Press “Draw two” to take two cards from the draw pile. Then lay down sets if "
                "you can. End your turn by putting one card on the discard pile: tick it and "
                "press “Discard”.",
                Picture(
                    "piles",
                    {"draw": 64, "discard": [20], "frozen": False, "line": ""},
                    "The draw pile with 64 cards, face down, and the discard pile with 20 on top.",
                ),
            ),
            HowToStep(
                "Factor sets",
                "A factor set is an answer and two or more numbers that multiply to make it. "
                "42, 6 and 7 make a factor set, because 42 = 6 × 7.",
                _set_picture([42, 6, 7], "42, 6 and 7: a factor set, 42 = 6 × 7."),
            ),
            HowToStep(
                "Factor canastas",
                f"A factor set of {CANASTA_SIZE} or more cards is a factor canasta. 81, 3, 3, 3 "
                "and 3 make one, because 81 = 3 × 3 × 3 × 3. Canastas earn bonus points!",
                _set_picture(
                    [81, 3, 3, 3, 3], "81, 3, 3, 3 and 3: a factor canasta, 81 = 3 × 3 × 3 × 3."
                ),
            ),
            HowToStep(
                "Prime canastas",
                f"{MIN_RUN} or more primes in a row make a prime canasta, like 2, 3, 5, 7, 11 "
                "and 13. Fewer primes in a row are not a set at all. Level 3 has only 5 "
                "primes, so prime canastas start at level 4.",
                _set_picture(
                    [2, 3, 5, 7, 11, 13],
                    "2, 3, 5, 7, 11 and 13: six primes in a row, a prime canasta.",
                ),
            ),
            HowToStep(
                "Prime cards in sets",
                f"A set may have at most {MAX_WILDS} prime cards, and needs at least "
                f"{MIN_NATURALS} number cards. A canasta with no prime card is natural. With a "
                "prime card it is mixed, and its bonus is smaller. In 60, 3, 5 and two prime "
                "cards, each prime card is a 2.",
                _set_picture(
                    [60, 3, 5, P, P],
                    "60, 3, 5 and two prime cards standing for 2 and 2: a mixed factor canasta.",
                ),
            ),
            HowToStep(
                "Card points",
                f"Every card is worth points. A prime card is worth {card_points(P)}. The "
                f"prime 7 is worth {card_points(7)}, 120 is worth {card_points(120)}, and 72 "
                f"is worth {card_points(72)}.",
                Picture(
                    "scoring",
                    {"title": "Card points", "lines": _point_lines()},
                    "The table of card points: prime cards 50; the primes 17 and 19 40, 13 30, "
                    "7 and 11 20, 2, 3 and 5 10; other numbers from 100 50, 80 to 99 40, 60 to "
                    "79 30, 40 to 59 20, below 40 10.",
                ),
            ),
            HowToStep(
                "Your first laydown",
                f"The first sets you lay down in a round must be worth {FIRST_MINIMUM} points "
                "or more together (more when your score is high). Tick a set and press “Put "
                "aside”: it waits, ready. When your ready sets are worth enough, press “Lay "
                "down”.",
                _ready_picture(
                    [LEARN_CANASTA, LEARN_SET],
                    "Two sets put aside, ready to lay down: 80, 2, 2, 2, 2, 5 and 72, 8, 9. "
                    "Together they are worth 140 points: enough.",
                ),
            ),
            HowToStep(
                "Taking the discard pile",
                f"When the discard pile has {MIN_PILE} or more cards, you may take it instead "
                "of drawing. Its top card must make a set with cards from your hand, or join "
                f"one of your sets. Then take {MIN_PICK} or more other cards of the pile too.",
                Picture(
                    "piles",
                    {
                        "draw": 50,
                        "discard": [2, 5, 56],
                        "frozen": False,
                        "line": "56 is on top: with 7 and 8 from your hand, 56 = 7 × 8.",
                    },
                    "The discard pile 2, 5 and 56 on top: 56 makes a set with 7 and 8.",
                ),
            ),
            HowToStep(
                "A frozen pile",
                "The pile is frozen when a prime card is in it, and for you until your first "
                "laydown. Then its top card must make a new set with number cards from your "
                "hand only. A prime card on top can't be taken at all.",
                Picture(
                    "piles",
                    {
                        "draw": 40,
                        "discard": [24, P, 14, 36],
                        "frozen": True,
                        "line": "Frozen: a prime card is in the pile.",
                    },
                    "A frozen discard pile: 24, a prime card, 14, and 36 on top.",
                ),
            ),
            HowToStep(
                "Going out",
                "Go out when every card of your hand but one discard fits in sets. You also "
                f"need {CANASTA_BANDS[-1][1]} canastas on the table, or "
                f"{CANASTAS_BELOW_ZERO} if your score is below 0, or {CANASTA_BANDS[0][1]} "
                f"from {CANASTA_BANDS[0][0]} points. Press “Go out”.",
                Picture(
                    "table",
                    {
                        "name": "Ana",
                        "sets": [set_data(cards) for cards in ANA_SETS],
                        "line": "2 canastas: Ana may go out.",
                    },
                    "The table of Ana: the canastas 72 = 2 × 2 × 2 × 9 and 60 = 3 × 5 × 2 × 2 with "
                    "two prime cards, and the set 42 = 6 × 7.",
                ),
            ),
            HowToStep(
                "Scoring",
                f"When someone goes out, everybody scores. Going out earns {GOING_OUT_BONUS}. "
                "Add your canasta bonuses and the points of your cards on the table. Take away "
                "the points of the cards still in your hand.",
                Picture(
                    "scoring",
                    {"title": "A round scored", "lines": _round_lines()},
                    "Ana went out: 100, canasta bonuses 600, cards 270, 970 in all. Ben: cards "
                    "30, minus 70 for 120 and 7 in his hand, minus 40.",
                ),
            ),
            HowToStep(
                "Canasta bonuses",
                f"A factor canasta of 6 or more cards earns {big} when natural, "
                f"{_bonus(FACTOR_BONUS, True, False)} when mixed. Of 5 cards: "
                f"{_bonus(FACTOR_BONUS, False, True)} or {small}. A prime canasta earns "
                f"{_bonus(PRIME_BONUS, False, True)} or {_bonus(PRIME_BONUS, False, False)}. "
                "All the primes from 2 to 19 make a royal prime canasta: "
                f"{_bonus(PRIME_BONUS, True, True)} or {_bonus(PRIME_BONUS, True, False)}.",
            ),
            HowToStep(
                "Partners",
                "With 4 players you may play in two teams. Partners sit across and score "
                "together: the team shares its sets and canastas. No talking! But on your turn "
                "you may ask “May I go out?”, and your partner says yes or no.",
            ),
            HowToStep(
                "Who wins",
                f"The first side to reach {DEFAULT_TARGET} points wins (your teacher may choose "
                f"{' or '.join(str(t) for t in TARGETS if t != DEFAULT_TARGET)}). If you try "
                "something not allowed, the app tells you why. Your teacher may turn on the "
                f"booklet's penalties: then each such mistake costs {PENALTY} points.",
            ),
        ),
    )


# --- Learn to play --------------------------------------------------------------------------
# The deal (seed 2757 at level 3, two players, Pip deals so the learner plays first): the
# learner holds 2, 2, 2, 2, 3, 5, 6, 8, 11, 20, 33, 55, 80 and 11 starts the discard pile. The
# learner draws 9 and 72, puts 80 = 2 × 2 × 2 × 2 × 5 ready (a natural six-card canasta, 90
# points: not enough alone), lays it down with 72 = 8 × 9 (140 points in all) and discards 20.
# Pip draws and discards 5: the pile is 11, 20, 5, three deep and not frozen for the learner,
# who takes it with 55 = 5 × 11, picks up 11 and 20, and discards 20 again. Every card the
# coach names is the only one of its number in the hand, so whichever card the child ticks is
# the one the step expects. Hand positions are the state's (view hand "pos"), listed in the
# order the board shows them (by value), as its checkboxes post them.
LEARN_SEED = 2757
LEARN_SETTINGS = {"level": 3, "target": TARGETS[0], "partnerships": False, "mistakes": REFUSE}
LEARN_CANASTA = [80, 2, 2, 2, 2, 5]
LEARN_SET = [72, 8, 9]
LEARN_PILE_SET = [55, 5, 11]


def learn_to_play() -> LearnScript:
    """Draw two, put a canasta ready, lay it down with a set (the first laydown), discard; Pip
    discards 5; take the discard pile with 55 = 5 × 11, discard."""
    canasta, second = set_data(LEARN_CANASTA), set_data(LEARN_SET)
    worth = canasta["points"] + second["points"]
    return LearnScript(
        settings=dict(LEARN_SETTINGS),
        players=2,
        seed=LEARN_SEED,
        intro=(
            "Let's play the start of a round against Pip. You play first. Make your first "
            "laydown, then take the discard pile!"
        ),
        steps=(
            LearnStep(
                "A turn starts with drawing. Press “Draw two” to take the top two cards of the "
                "draw pile.",
                ({"type": "draw_two"},),
                then="You drew 9 and 72.",
                highlight=("[data-action='draw-two']",),
            ),
            LearnStep(
                f"Your first laydown must be worth {FIRST_MINIMUM} points or more. Start with "
                "80. Can 5 and 2s make it? Tick 80, 5 and your four 2s, then press “Put "
                "aside”.",
                ({"type": "ready", "cards": "0,1,2,3,5,12", "to": ""},),
                then=f"{canasta['equation']}. Six cards: a factor canasta! It waits, ready to "
                f"lay down, worth {canasta['points']} points. Not quite {FIRST_MINIMUM}.",
                highlight=(
                    *(f"label.cn-card[data-ref='{p}']" for p in (0, 1, 2, 3, 5, 12)),
                    "[data-action='ready']",
                ),
            ),
            LearnStep(
                "Look at the cards you drew. Do 8 and 9 make 72? Tick 72, 8 and 9, then press "
                "“Lay down”: your ready canasta goes down with them.",
                ({"type": "lay_down", "cards": "7,13,14"},),
                then=f"{second['equation']}. Your first laydown is worth {worth} points: "
                f"enough! Your canasta will earn {canasta['bonus']} bonus points.",
                highlight=(
                    *(f"label.cn-card[data-ref='{p}']" for p in (7, 13, 14)),
                    "[data-action='lay-down']",
                ),
            ),
            LearnStep(
                "End your turn with a discard. 20 is no use to you now: tick 20 and press "
                "“Discard”.",
                ({"type": "discard", "cards": "3"},),
                then="20 is on the discard pile. Now it is Pip's turn.",
                highlight=("label.cn-card[data-ref='3']", "[data-action='discard']"),
            ),
            LearnStep(
                "Pip draws two cards.",
                ({"type": "draw_two"},),
                seat=PIP,
            ),
            LearnStep(
                "Pip discards 5. Watch the discard pile.",
                ({"type": "discard", "cards": "6"},),
                seat=PIP,
            ),
            LearnStep(
                f"The discard pile has {MIN_PILE} cards now, with 5 on top. Do 5 and 11 make "
                "55? Then take the pile! Press “Take the pile…”. Tick 55 and 11 in your hand, "
                "tick the two pile cards under 5, and press “Take the pile”.",
                ({"type": "take_pile", "cards": "2,4", "to_set": "", "pick": "0,1"},),
                then="55 = 5 × 11 is on the table, and 11 and 20 from the pile are in your hand.",
                highlight=(
                    "[data-action='open-take']",
                    "label.cn-card[data-ref='2']",
                    "label.cn-card[data-ref='4']",
                    "[data-ref='pile-0']",
                    "[data-ref='pile-1']",
                    "[data-action='take-pile']",
                ),
            ),
            LearnStep(
                "End your turn: tick 20 and press “Discard”.",
                ({"type": "discard", "cards": "4"},),
                then="Well done! Pip plays next.",
                highlight=("label.cn-card[data-ref='4']", "[data-action='discard']"),
            ),
        ),
        finish=(
            "That's Prime Canasta! Draw, lay down sets, discard. Your hand still holds a set "
            "for your next turn: can you find it? Make canastas, then go out to win."
        ),
        names=("Pip",),
    )


# --- the full rules, for teachers -----------------------------------------------------------
def _bands(bands: tuple[tuple[int, int], ...], below_zero: int, what: str) -> str:
    """ "below 0: 50; 0 to 990: 100; ...; 3000 and up: 250" from a rules-core table."""
    ascending = sorted(bands)
    parts = [f"below 0: {below_zero}"]
    for k, (start, value) in enumerate(ascending):
        if k + 1 < len(ascending):
            parts.append(f"{start} to {ascending[k + 1][0] - 10}: {value}")
        else:
            parts.append(f"{start} and up: {value}")
    return f"{what}: " + "; ".join(parts) + "."


def rules_for_teachers() -> list[RulesSection]:
    """The booklet's rules, with the app's settings and decisions (docs/rules.md too)."""
    wild_counts = "; ".join(f"level {lv}: {wilds_for(lv)}" for lv in LEVELS)
    primes3 = ", ".join(str(p) for p in LEVEL_PRIMES[3])
    return [
        RulesSection(
            "What the game is",
            (
                "Prime Canasta is the PrimePak's rummy game for 2 to 4 players, alone or, with "
                "4 players, in two partnerships. Players lay down factor sets and runs of "
                "consecutive primes during the round, build canastas for bonuses, and go out; "
                "cards left in a hand count against their owner. Every set is judged by the "
                "app when it is laid down, never before: finding the sets is the child's "
                "arithmetic.",
            ),
        ),
        RulesSection(
            "Setting up",
            (
                f"Deck levels {LEVELS[0]} to {LEVELS[-1]} only (the booklet names no other), "
                f"with prime wild cards {wild_counts}. Each player gets {HAND_SIZE} cards, "
                "dealt one at a time from the dealer's left; the rest is the draw pile, and "
                "its top card starts the discard pile. If that card is a prime wild, the "
                "dealer turns up two more, so the pile starts three deep (and frozen).",
                "The first dealer is drawn by lot: each player draws a card from a seeded "
                "shuffle, the highest number deals, a prime wild counting highest of all, and "
                "players tied for highest draw again. After a round the player with the "
                "highest score deals; tied players (in partnerships both partners share the "
                "score, so they are tied) draw: a seeded choice among them. Play begins on the "
                "dealer's left.",
            ),
        ),
        RulesSection(
            "Sets and canastas",
            (
                "A factor set is an answer card and two or more cards whose product is the "
                f"answer. A factor set of {CANASTA_SIZE} or more cards is a factor canasta "
                "(81, 3, 3, 3, 3). Six or more consecutive primes make a consecutive prime "
                "canasta (2, 3, 5, 7, 11, 13); shorter runs of primes cannot be laid down. A "
                "run holds each prime once. The run from 2 to 19 (level 6) is a royal prime "
                f"canasta. Level 3 has only the primes {primes3}, so no prime canastas there.",
                "A prime wild stands for any prime of the level. Every set, canasta or not, has "
                f"at most {MAX_WILDS} prime wilds and at least {MIN_NATURALS} number (natural) "
                "cards. A canasta with a prime wild is mixed, without one natural. In a prime "
                "run a wild fills a gap first, then the lowest prime that keeps the run in a "
                "row (no points depend on it).",
                "Sets laid down belong to the side (a player alone, or a partnership). A set on "
                "the table may grow: cards from the hand may be added while the whole is still "
                "a set (a run made longer, or 9, 3, 3 becoming 81, 3, 3, 9). The board shows "
                "each set's equation, its name (factor set, natural or mixed factor canasta, "
                "prime canasta, royal prime canasta), its card points and its bonus.",
            ),
        ),
        RulesSection(
            "A turn",
            (
                "A turn starts with drawing: two cards from the draw pile (“Draw two”), or "
                "taking from the discard pile. Only after that may the player lay down sets, "
                "add to the side's sets, and go out, in the same turn. The turn ends with one "
                "discard. A card just taken from the discard pile may be discarded again (the "
                "booklet does not forbid it).",
                "A player who is not going out must keep at least two cards in hand after "
                "laying down (one to discard, one to keep): a move leaving fewer is refused. "
                "Discarding the last card is going out, with the “Go out” button.",
                "When the draw pile runs out, a player may still take from the discard pile. "
                "“Draw two” with one card left draws that one; on an empty draw pile it ends "
                f"the round with nobody out (no {GOING_OUT_BONUS}-point bonus; everything else "
                "scores as usual).",
            ),
        ),
        RulesSection(
            "Ready groups and the first laydown",
            (
                "Children build sets in the hand: tick cards and press “Put aside” to make a "
                "ready group (a new set), or “+ Add” on one of the side's sets (cards for that "
                "set), at any time of the round, also while others play. Ready groups are "
                "private and not judged; before the first laydown the board shows the points "
                "of the new sets among them against the minimum, as a player counts cards at "
                "the table. “Put back” returns a group to the hand. “Lay down” lays every "
                "ready group down at once, with the ticked cards as one more set; taking the "
                "pile and going out do the same.",
                "The first laydown of a round must be worth a minimum in card points, by the "
                "side's score at the start of the round. "
                + _bands(LAYDOWN_BANDS, LAYDOWN_BELOW_ZERO, "Minimum")
                + f" Prime wilds count {WILD_POINTS}; canasta bonuses do not count. The first "
                "laydown is one move, so the app checks the minimum before any card is laid "
                "down.",
                "A first laydown made while taking the discard pile counts only cards from the "
                "hand: the natural cards laid with the pile's top card, and the other sets' "
                "cards from the hand, never the cards taken from the pile.",
            ),
        ),
        RulesSection(
            "Taking the discard pile",
            (
                f"Once the discard pile is at least {MIN_PILE} cards deep, a player may take "
                "from it instead of drawing. The top card must go into a new set with cards "
                "from the hand, or (pile not frozen) into one of the side's sets on the table, "
                f"with cards from the hand if needed. Then the player picks at least {MIN_PICK} "
                "more cards anywhere below the top; the rest stays as the discard pile in its "
                "order. More sets may be laid down in the same move, from the hand and the "
                "picked cards.",
                "The pile is frozen for everybody while it holds a prime wild, and for a side "
                "that has not made its first laydown. A frozen pile's top card must make a new "
                "set with natural cards from the hand only (every card from the hand in that "
                "set is a number; other sets laid down in the same move may hold wilds), and "
                "may not be added to a set on the table. A prime wild on top cannot be taken: "
                "the player draws two.",
            ),
        ),
        RulesSection(
            "Going out",
            (
                "To go out, every card in the hand except one discard (or none) must go into "
                "sets: new sets, ready groups, or cards added to the side's sets. There is no "
                "deadwood. The side also needs canastas on the table, counted with the ones "
                "laid down in the same move, by its score at the start of the round. "
                + _bands(CANASTA_BANDS, CANASTAS_BELOW_ZERO, "Canastas needed"),
                "“Go out” lays down every ready group and the ticked card (if any) is the "
                "discard; the hand must be empty after it. A claim that does not hold is "
                "refused with the reason (the cards left over, or the canastas missing).",
            ),
        ),
        RulesSection(
            "Scoring",
            (
                f"When a player goes out, their side gets {GOING_OUT_BONUS} points. Every side "
                "then subtracts the points of the cards left in its players' hands (even cards "
                "that would make sets), adds the bonus of every canasta on its table, and adds "
                "the points of every card it laid down. Canasta bonuses count also in a round "
                "that ended with nobody out.",
                "Card points: "
                + " ".join(_point_lines())
                + " The booklet's examples: 7 is 20, 120 is 50, 72 is 30.",
                "Factor canasta bonuses: 6 or more cards "
                f"{_bonus(FACTOR_BONUS, True, True)} natural, "
                f"{_bonus(FACTOR_BONUS, True, False)} mixed; 5 cards "
                f"{_bonus(FACTOR_BONUS, False, True)} natural, "
                f"{_bonus(FACTOR_BONUS, False, False)} mixed. Prime canasta bonuses: royal "
                f"{_bonus(PRIME_BONUS, True, True)} natural, {_bonus(PRIME_BONUS, True, False)} "
                f"mixed; 6 or more cards {_bonus(PRIME_BONUS, False, True)} natural, "
                f"{_bonus(PRIME_BONUS, False, False)} mixed.",
                "The game ends after a round in which a side reaches the target: the highest "
                "score wins. If the highest scores tie, another round is played.",
            ),
        ),
        RulesSection(
            "Partnerships",
            (
                "With 4 players, two partnerships: the first and third players against the "
                "second and fourth, partners sitting across. Each player takes their own "
                "turns and may lay down or add only on their own turn. The first laydown, the "
                "canastas needed and the score belong to the partnership; partners may add to "
                "each other's sets, and sets are shown in the area of the player who laid them "
                "down.",
                "“May I go out?” may be asked on one's own turn after drawing, once a turn. "
                "The partner answers on their own screen. After “no” the app refuses going "
                "out that turn. After “yes” the player should go out: with penalties on, "
                f"ending the turn with a plain discard instead costs the partnership {PENALTY} "
                "points; with mistakes refused, the board reminds the player. (The app cannot "
                "force going out: the player may have asked without being able to.) There is "
                "no other talk between partners in the app.",
            ),
        ),
        RulesSection(
            "Mistakes and penalties",
            (
                "A teacher setting, “Mistakes”. “Refused with the reason” (the default): "
                "every irregular action is refused with the reason and costs nothing, so "
                "children learn from the reason.",
                f"“Cost {PENALTY} points, as in the booklet”: the irregular actions the booklet "
                "lists are still refused (the cards go back to the hand, as at a table) and "
                f"each costs the side {PENALTY} points, recorded at once and subtracted at the "
                "end of the round: a first laydown short of the minimum; laying down or adding "
                "cards that are not a set; taking from the discard pile without being allowed "
                "to; going out when it does not hold (cards left, too few canastas, after the "
                "partner's “no”); not going out after the partner's “yes”. Drawing more than "
                "two cards or exposing a draw-pile card cannot happen in the app. What is not "
                "a move at all (not your turn, no such card) is always refused without a "
                "penalty.",
            ),
        ),
        RulesSection(
            "Help and learning records",
            (
                "“Show me a set” lists sets the hand can lay down now. It is recorded as help, "
                "and sets it showed that are then laid down count as helped, not as the "
                "child's own, in progress reports. Every set laid down or grown is a factor "
                "set the child knew; a set refused as not a set is recorded as a mistake on "
                "that set.",
                "The hand can be sorted “by value” or “by prime factor”; this is private and "
                "changes nothing in the game.",
            ),
        ),
        RulesSection(
            "Settings",
            (
                f"Deck level: {LEVELS[0]} to {LEVELS[-1]} (default {LEVELS[0]}); it decides "
                "the cards, the prime wilds and whether prime canastas exist.",
                "Points to win: "
                + ", ".join(str(t) for t in TARGETS)
                + f" (the booklet plays to {DEFAULT_TARGET}; 1000 or 2500 fit a lesson).",
                "Partnerships: only with 4 players; partners sit across and score together.",
                f"Mistakes: “Refused with the reason” (the default) or “Cost {PENALTY} points, "
                "as in the booklet” (see Mistakes and penalties).",
                f"Between rounds the scoring stays on screen for {int(ROUND_OVER_SECONDS)} "
                "seconds unless a player presses “Next round” sooner.",
            ),
        ),
    ]
