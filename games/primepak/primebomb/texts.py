"""Prime Bomb – Capture explained: How to play (for children), the guided Learn to play round and
the full rules a teacher reads. Pure Python, like the rules.

Rule text: Prime Bomb's rule text; decisions: docs/rules.md, "Prime Bomb – Capture". The worked
examples are the rule text's own (capturing 28, 40 and the prime 2);
tests/games/primepak/primebomb/test_texts.py plays every reveal picture through rules.reveal, so a
picture's products and winner cannot drift from the rules.

This module imports nothing from game.py (game.py imports these texts, and the circle would
break its import); the test checks that every setting named here is one of game.py's
settings_fields.

The pictures are for templates/games/prime-bomb/_picture.html:

- "cards": {"cards": [int, ...], "line": str} - a row of cards (a hand, the card turned up,
  the stack with its top card last, a captured pile);
- "reveal": {"target": int, "plays": [{"name": str, "cards": [int, ...], "product": int or
  None, "note": str}, ...], "winner": name or None, "line": str} - every player's cards as
  shown at a reveal, in the order they chose (first chooser first); "product" is None for a
  player who threw nothing or a single card, "note" says why the play wins, loses or is not
  allowed.
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

from ..cards import LEVEL_PRIMES, LEVELS, number_cards
from .rules import HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, product

HAND = HAND_SIZES[0]  # 7: the rule text's hand
CHOOSE_CLOCK = (15, 30, 60, 120)  # game.CHOOSE_SECONDS (checked by the test)
DEFAULT_CHOOSE_CLOCK = 30  # game.DEFAULT_CHOOSE_SECONDS
FLIP_CLOCK = 20  # game.FLIP_SECONDS


# --- pictures -------------------------------------------------------------------------------------
def _cards(cards: list[int], line: str, caption: str) -> Picture:
    return Picture("cards", {"cards": list(cards), "line": line}, caption)


def _play(name: str, cards: list[int], note: str) -> dict[str, Any]:
    """One player's revealed cards; the product only when there are cards to multiply."""
    return {
        "name": name,
        "cards": list(cards),
        "product": product(cards) if len(cards) > 1 else None,
        "note": note,
    }


def _reveal(target: int, plays: list[dict[str, Any]], winner: str | None, line: str,
            caption: str) -> Picture:  # fmt: skip
    data = {"target": target, "plays": plays, "winner": winner, "line": line}
    return Picture("reveal", data, caption)


# The rule text's examples; the players are named instead of numbered (Player 1 is Ana ...).
CAPTURE_28 = _reveal(
    28,
    [
        _play("Ana", [2, 14], "Exact, with 2 cards."),
        _play("Ben", [2, 7], "14 is far from 28."),
        _play("Cy", [7], "7 is far from 28."),
        _play("Dee", [2, 2, 7], "Exact, with 3 cards!"),
    ],
    "Dee",
    "Ana and Dee both hit 28 exactly. Dee used more cards.",
    "Capturing 28. Ana throws 2 and 14, Ben throws 2 and 7, Cy throws 7, Dee throws 2, 2 and "
    "7. Ana and Dee both make 28, and Dee wins with more cards.",
)
CAPTURE_40 = _reveal(
    40,
    [
        _play("Ana", [5, 4, 2], "Exact, with 3 cards!"),
        _play("Ben", [], "Threw nothing."),
        _play("Cy", [5, 8], "Exact, with 2 cards."),
        _play("Dee", [2, 2, 2], "8 is far from 40."),
    ],
    "Ana",
    "Ana and Cy both hit 40 exactly. Ana used more cards.",
    "Capturing 40. Ana throws 5, 4 and 2, Ben throws nothing, Cy throws 5 and 8, Dee throws "
    "2, 2 and 2. Ana and Cy both make 40, and Ana wins with more cards.",
)
CAPTURE_2 = _reveal(
    2,
    [
        _play("Ana", [36], "36 has a 2."),
        _play("Ben", [42], "42 has a 2."),
        _play("Cy", [25], "Not allowed: 25 has no 2."),
        _play("Dee", [50], "50 has a 2, and it is the highest!"),
    ],
    "Dee",
    "Dee threw the highest card with a 2 in it.",
    "Capturing the prime 2. Ana throws 36, Ben throws 42, Cy throws 25, which has no 2, and "
    "Dee throws 50. Dee wins with the highest card that has a 2.",
)
NOBODY_7 = _reveal(
    7,
    [
        _play("Ana", [7], "Not allowed: 7 is a prime."),
        _play("Ben", [20], "Not allowed: 20 has no 7."),
        _play("Cy", [], "Threw nothing."),
    ],
    None,
    "Nobody captured 7. It stays for the next round.",
    "Capturing the prime 7. Ana throws 7, a prime, Ben throws 20, which has no 7, and Cy throws "
    "nothing. Nobody captures 7.",
)
EXAMPLES = (CAPTURE_28, CAPTURE_40, CAPTURE_2, NOBODY_7)


def how_to_play() -> HowToPlay:
    """Prime Bomb for a 9-year-old, with the rule text's examples (28, 40 and the prime 2)."""
    return HowToPlay(
        goal=(
            "Capture the cards that are turned up. When the cards run out, add up the numbers on "
            "your captured cards: the highest total wins!"
        ),
        steps=(
            HowToStep(
                "Your cards",
                f"Everybody gets {HAND} cards. Look at them, but keep them secret. The other "
                "cards make a pile, face down in the middle.",
                _cards(
                    [2, 2, 5, 7, 14, 25, 40],
                    "Your hand",
                    "A hand of 7 cards: 2, 2, 5, 7, 14, 25 and 40.",
                ),
            ),
            HowToStep(
                "A card is turned up",
                "One player turns up the top card of the pile. Everybody tries to capture it. "
                "After that, whoever captured the last card turns up the next one.",
                _cards([28], "Capture me!", "The card 28 is turned up in the middle."),
            ),
            HowToStep(
                "Choose in secret",
                "Everybody chooses cards from their hand at the same time, in secret. You may "
                "also choose nothing. You can change your mind until the cards are shown. When "
                "everybody has chosen, or the time is up, all the cards are shown.",
            ),
            HowToStep(
                "Capturing a number that is not a prime",
                "Multiply your cards. The product closest to the card wins. Just as close? Then "
                "more cards win. Still a tie? Then whoever chose first wins. Here 2 × 14 and "
                "2 × 2 × 7 both make 28, and three cards beat two.",
                CAPTURE_28,
            ),
            HowToStep(
                "Another example: 40",
                "You may use primes and other numbers. 5 × 4 × 2 and 5 × 8 both make 40, and "
                "Ana used more cards. Ben threw nothing: throwing nothing never captures.",
                CAPTURE_40,
            ),
            HowToStep(
                "Capturing a prime",
                "To capture a prime, throw just one card that is not a prime and has that prime "
                "as a factor. The highest such card wins. 25 = 5 × 5 has no 2, so 25 cannot "
                "capture 2.",
                CAPTURE_2,
            ),
            HowToStep(
                "When nobody captures",
                "If nobody captures the card, it stays. The next card goes on top of it. Whoever "
                "captures the top card takes both cards!",
                NOBODY_7,
            ),
            HowToStep(
                "Two cards to win",
                "Now 30 lies on top of 7. Capture 30 and you take 7 too. The same player turns "
                "up the card, because nobody captured the last one.",
                _cards(
                    [7, 30],
                    "30 is on top of 7",
                    "The card 30 lies on top of the card 7. Whoever captures 30 takes both.",
                ),
            ),
            HowToStep(
                "Take your cards back",
                "After the cards are shown, everybody takes back the cards they threw. Only the "
                "captured card moves: the winner puts it in front of them. So throwing cards "
                "never costs you anything.",
            ),
            HowToStep(
                "Swapping",
                f"Before the next card is turned up, you may swap a captured card for a card in "
                f"your hand. You still hold {HAND} cards. But the card from your hand goes to "
                "your captured cards, so a swap can cost you points.",
                _cards(
                    [50, 7],
                    "Captured cards of Ana",
                    "The captured cards of Ana: 50 and 7. Ana may swap 50 into her hand, but "
                    "then 50 no longer counts for her.",
                ),
            ),
            HowToStep(
                "The end",
                "When the last card of the pile has been played, the game ends. Add up the "
                "numbers on your captured cards. The highest total wins! Your teacher may "
                "choose to count the captured cards instead.",
                _cards(
                    [2, 28, 30, 7],
                    "Captured cards of Dee",
                    "The captured cards of Dee at the end: 2, 28, 30 and 7.",
                ),
            ),
        ),
    )


# --- Learn to play --------------------------------------------------------------------------------
# Level 1, two players: the learner (seat 0) flips first. Hands: 2, 2, 5, 25, 32, 50, 100 and
# Pip's 2, 2, 2, 4, 25, 50, 80; the pile gives 20, then 2, then 8
# (tests/games/primepak/primebomb/test_texts.py plays the round through the rules).
LEARN_SETTINGS = {"level": 1, "hand": HAND, "scoring": "sum", "choose_seconds": 60}
LEARN_SEED = 1749
PIP = 1


def _choose(*positions: int) -> dict[str, Any]:
    return {"type": "choose", "cards": list(positions)}


def learn_to_play() -> LearnScript:
    """Capture 20 with an exact 2 × 2 × 5, capture the prime 2 with 100 against Pip's 80, swap
    a captured card, then lose 8 to Pip's exact 2 × 4 with a close 2 × 5 of your own."""
    flip = ({"type": "flip"},)
    return LearnScript(
        settings=dict(LEARN_SETTINGS),
        players=2,
        seed=LEARN_SEED,
        names=("Pip",),
        intro=(
            "Let's play Prime Bomb with Pip! A card is turned up. You and Pip each pick cards in "
            "secret. Then everyone's cards are shown, and the best pick captures the card."
        ),
        steps=(
            LearnStep(
                "You turn up the first card. Press “Turn up a card”.",
                flip,
                then="The card is 20. It is not a prime: 20 = 2 × 10.",
                highlight=("#bomb-flip",),
            ),
            LearnStep(
                "Pick cards from your hand whose numbers multiply to 20, or as close as you can. "
                "Try 2 × 2 × 5. Tick 2, 2 and 5, then press “Choose these cards”.",
                (_choose(0, 1, 2),),
                then="Your cards are chosen. Pip cannot see them, and you cannot see Pip's.",
                highlight=("#bomb-hand", "#bomb-choose"),
            ),
            LearnStep(
                "Pip is choosing. When everyone has chosen, all the cards are shown.",
                (_choose(0, 1, 3),),
                seat=PIP,
                then=(
                    "Your 2 × 2 × 5 = 20 is exact! Pip's 2 × 2 × 4 = 16 is 4 away. You capture "
                    "20. Everyone takes their cards back."
                ),
                highlight=("#bomb-reveal",),
            ),
            LearnStep(
                "You captured the last card, so you turn up the next one.",
                flip,
                then="The card is 2. 2 is a prime!",
                highlight=("#bomb-flip",),
            ),
            LearnStep(
                "To capture a prime, throw one card that has it as a factor. The highest card "
                "wins. 32, 50 and 100 all have 2. Tick 100 and press “Choose these cards”.",
                (_choose(6),),
                then="You chose 100. Let's see what Pip throws.",
                highlight=("#bomb-hand", "#bomb-choose"),
            ),
            LearnStep(
                "Pip is choosing.",
                (_choose(6),),
                seat=PIP,
                then="Pip threw 80, which has 2 too. But 100 is higher, so you capture 2!",
                highlight=("#bomb-reveal",),
            ),
            LearnStep(
                "Before the next card you may swap: a captured card goes into your hand, and a "
                "card from your hand goes to your captured cards. Swap your captured 20 for the "
                "25 in your hand.",
                ({"type": "swap", "card": 3, "captured": 0},),
                then="20 is in your hand now, and 25 is with your captured cards.",
                highlight=("#bomb-swap", "#bomb-captured"),
            ),
            LearnStep(
                "Turn up the next card.",
                flip,
                then="The card is 8. Can you make 8 with your cards?",
                highlight=("#bomb-flip",),
            ),
            LearnStep(
                "You have only two 2s, so 2 × 2 × 2 is not possible. 2 × 5 = 10 is only 2 away: "
                "tick 2 and 5, then press “Choose these cards”.",
                (_choose(0, 2),),
                then="You chose 2 × 5. Close is good when exact is not possible.",
                highlight=("#bomb-hand", "#bomb-choose"),
            ),
            LearnStep(
                "Pip is choosing.",
                (_choose(0, 3),),
                seat=PIP,
                then="Pip's 2 × 4 = 8 is exact, so Pip captures 8 and turns up the next card.",
                highlight=("#bomb-reveal",),
            ),
        ),
        finish=(
            "You know how to play Prime Bomb! Multiply to get close, use primes' factors, and "
            "capture the most. Have fun!"
        ),
    )


# --- rules for teachers ---------------------------------------------------------------------------
def _and(items: list) -> str:
    """ "2, 3 and 5" """
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" and {words[-1]}"


def _levels() -> str:
    """ "level 1: the primes 2 and 5, 56 cards; level 2: ..." from the PrimePak decks."""
    return "; ".join(
        f"level {lv}: the primes {_and(LEVEL_PRIMES[lv])}, {len(number_cards(lv))} cards"
        for lv in LEVELS
    )


def rules_for_teachers() -> list[RulesSection]:
    """The rule text's rules with every decision (docs/rules.md, Prime Bomb – Capture) and every
    setting."""
    hands = " or ".join(str(h) for h in HAND_SIZES)
    clocks = ", ".join(f"{s}" for s in CHOOSE_CLOCK[:-1]) + f" or {CHOOSE_CLOCK[-1]} seconds"
    return [
        RulesSection(
            "What the game is",
            (
                f"Prime Bomb – Capture is a PrimePak capture game for {MIN_PLAYERS} to "
                f"{MAX_PLAYERS} players about primes and factors. A card is turned up; every "
                "player chooses cards in secret to capture it, all choices are shown together, "
                "and the best capture takes the card. A composite card is captured by the "
                "product closest to it; a prime is captured by one composite card that has it as "
                "a factor. The player whose captured cards add up to the most wins.",
                "The app never says whether a choice is right before the reveal, and never "
                "tells whether the turned-up card is a prime: recognising primes and finding "
                "products is the child's arithmetic.",
            ),
        ),
        RulesSection(
            "Setting up",
            (
                "The deck is the PrimePak number cards of the chosen deck level, without prime "
                f"wild cards. The app deals: {hands} cards each (a setting; the rule text has "
                f"{HAND}) from a seeded shuffle, and the rest of the deck lies face down as the "
                "pile to turn up.",
                "The first card is turned up by a player drawn by lot. After that the player "
                "who captured the last card turns up the next one; when nobody captured, the "
                "same player turns up again.",
            ),
        ),
        RulesSection(
            "Choosing in secret",
            (
                "Once a card is turned up, every player chooses at once, the player who turned "
                "it up too. A choice is any set of cards from the hand, or nothing (the rule "
                "text's 'throws nothing'). A player may change the choice until the reveal.",
                "'Plays first' (the last tie-break) means chose first: the order in which the "
                "server received the choices. Every change of choice is a new choice and goes "
                "to the back of that order. The order is kept in the move log, so a replay gives "
                "the same result; the board never sends an order of its own.",
                "While choosing, a player sees their own choice and, for everyone else, only "
                "whether they have chosen: never which cards or how many. How often someone "
                "changed their choice is never shown.",
                "The cards are shown as soon as the last player has chosen, or when the "
                "choosing clock runs out; a player without a choice then throws nothing. The "
                "clock is never off, so a player who left cannot hold up the class.",
            ),
        ),
        RulesSection(
            "Capturing a composite",
            (
                "Any cards may be thrown, primes and composites, one card or many. The product "
                "closest to the card wins (the smallest difference, above or below, with no "
                "limit on how far); if several are equally close, the one with the most cards; "
                "if still tied, the player who chose first. Throwing nothing never captures.",
                "The rule text's examples. Capturing 28: 2 × 14 = 28, 2 × 7 = 14, 7, and "
                "2 × 2 × 7 = 28; two exact matches, and 2 × 2 × 7 wins with more cards. "
                "Capturing 40: 5 × 4 × 2 = 40, nothing, 5 × 8 = 40, 2 × 2 × 2 = 8; 5 × 4 × 2 "
                "wins with more cards.",
            ),
        ),
        RulesSection(
            "Capturing a prime",
            (
                "A prime is captured with exactly one card: a composite that has the prime as a "
                "factor. The highest such card wins; equal cards go to the player who chose "
                "first. Any other play is illegal and counts as throwing nothing: several cards, "
                "a prime card, or a composite without that factor. The reveal shows it as a "
                "mistake with its reason ('25 has no 2').",
                "The rule text's example, capturing 2: 36, 42, 25 and 50 are thrown. 25 = 5 × 5 "
                "has no 2 and is illegal; 50 is the highest card with a factor 2 and wins.",
            ),
        ),
        RulesSection(
            "When nobody captures",
            (
                "When no play captures, the card stays and the next card is turned up on top of "
                "it. The card to capture is always the top card, and whoever captures it takes "
                "the whole stack. A stack still uncaptured after the last card of the deck is "
                "scored by nobody.",
            ),
        ),
        RulesSection(
            "After the reveal",
            (
                "Everybody takes back the cards they threw: hands never change at a reveal, so "
                "throwing cards costs nothing. Only the captured card (or stack) moves, into "
                "the winner's captured pile.",
                "Between a reveal and the next card, any player may swap, any number of times, "
                "one captured card for one card in hand, so the hand keeps its size. The card "
                "from the hand goes into the captured pile and is scored there: a swap can "
                "lower the score, which is its price.",
                f"This time has a fixed {FLIP_CLOCK}-second clock: when it ends the app turns up "
                "the next card for the player whose turn it is, so an absent player never stops "
                "the game. Swapping has no clock of its own; it must be done before the card is "
                "turned up.",
            ),
        ),
        RulesSection(
            "The end and scoring",
            (
                "The game ends at the reveal of the last card of the deck; there are no swaps "
                "after it. Each player's score is the sum of the values of their captured cards "
                "(or, as a setting, the number of captured cards). The highest score wins; "
                "equal highest scores share the win.",
            ),
        ),
        RulesSection(
            "What the app records",
            (
                "At every reveal, for each player who threw cards: for a prime target, whether "
                "the player threw a composite with that factor (a mistake is recorded with its "
                "reason); for a composite target, whether the product was exact (a factor "
                "skill for that number), and otherwise whether no other choice from the same "
                "hand would have come closer. Throwing nothing records nothing.",
            ),
        ),
        RulesSection(
            "Settings",
            (
                f"Deck level: {LEVELS[0]} to {LEVELS[-1]}, as in every PrimePak game ("
                f"{_levels()}). The rule text's examples need level 3 (7, 14, 28, 42).",
                f"Cards in hand: {hands} cards. 5 cards make a quicker, simpler game.",
                "Score: the sum of the captured cards (the rule text) or the number of captured "
                "cards (simpler for young children).",
                f"Time to choose: {clocks}, {DEFAULT_CHOOSE_CLOCK} seconds unless changed. A "
                "young class may need 60 or 120 seconds.",
                f"Time to turn up the next card: always {FLIP_CLOCK} seconds (not a setting).",
                "Product while choosing: hidden (the default) or shown. Hidden, the board shows "
                "the picked cards as 2 × 2 × 7 and the child multiplies: that is what the game "
                "practises. Shown, the board works out the product as cards are picked, and "
                "everything the child shows at that table counts as help in the progress report.",
            ),
        ),
    ]
