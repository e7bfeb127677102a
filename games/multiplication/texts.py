"""The Multiplication Game explained: How to play (children), Learn to play (a guided round
against Pip) and the full rules (teachers). Pure Python: no Django here.

The pictures are drawn by templates/games/multiplication/_picture.html with the board's own
card markup; their kinds: "hand", "cards", "play", "declare" and "draw" (see `_picture`).
The worked examples are the rule text's own (35, 24, 12, 28, 36, the free card as 4 × 1).
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

from .cards import FREE, TABLE, Card, is_square, product_text
from .rules import (
    FREE_CARD_CHOICES,
    HAND_SIZE,
    MOVE_LIMIT,
    PRODUCT_CHOICES,
    SMALL_HAND_FROM,
    SMALL_HAND_SIZE,
)

BOT = 1  # Pip's seat in the Learn to play round
# A deal found by searching seeds (2 players, 2 free cards): the learner starts, holds 28 for
# the rule text's 28 = 4 × 7, Pip can answer with a square, the learner then has no card with
# a 1 or a 2 and draws a free card, and holds 36 for the rule text's 36 = 4 × 9. The board
# lists no multipliers, as in a real game (issue 30): the coach says them instead.
LEARN_SETTINGS = {"free_cards": 2, "product": "hidden"}
LEARN_SEED = 4678


def _card(card: Card, says: str | list[str] = "", value: int | None = None) -> dict[str, Any]:
    """A card as _picture.html draws it: its number (a free card: the number it stands for),
    whether it is a square or a free card, and what is said when it is played."""
    shown = value if card == FREE else card
    return {
        "card": card,
        "value": shown,
        "free": card == FREE,
        "square": shown is not None and is_square(shown),
        "says": [says] if isinstance(says, str) and says else list(says),
    }


def _play(card: Card, a: int, b: int, ok: bool, note: str) -> dict[str, Any]:
    """A card played on the open card, as a × b, allowed or not, and why."""
    return {**_card(card, product_text(a, b), value=a * b), "ok": ok, "note": note}


def _discard(card: Card, a: int, b: int) -> dict[str, Any]:
    return {"type": "discard", "card": card, "a": a, "b": b}


DRAW = {"type": "draw"}


def _picks(card: Card, a: int, b: int) -> tuple[str, ...]:
    """The board elements the learner taps for a discard: the card, then the two keys."""
    return (f'.mg-hand [data-card="{card}"]', f'[data-key="a{a}"]', f'[data-key="b{b}"]')


# --- How to play ------------------------------------------------------------------------------
def how_to_play() -> HowToPlay:
    """The game for a 9-year-old: short steps, each drawn with the game's own cards."""
    return HowToPlay(
        goal="Be the first to play every card in your hand.",
        steps=(
            HowToStep(
                "Your cards",
                f"Every card is a number from the multiplication table. Each player gets "
                f"{HAND_SIZE} cards ({SMALL_HAND_SIZE} cards when {SMALL_HAND_FROM} or more "
                "play). One card is turned up in the middle: the open card. You take turns to "
                "play a card on it.",
                Picture(
                    "hand",
                    {"open": _card(12), "cards": [_card(c) for c in (9, 24, 28, 35, 36, 50)]},
                    "The open card 12, and a hand of six cards.",
                ),
            ),
            HowToStep(
                "Say it as a multiplication",
                "When you play a card, you say it as two numbers from 1 to 10 multiplied. 35 "
                "can only be 5 × 7. 24 can be 4 × 6 or 3 × 8: you choose. The multiplication "
                "table card can help you.",
                Picture(
                    "cards",
                    {"cards": [_card(35, "5 × 7"), _card(24, ["4 × 6", "3 × 8"])]},
                    "35 is said as 5 × 7. 24 is said as 4 × 6 or as 3 × 8.",
                ),
            ),
            HowToStep(
                "Share a number",
                "Your multiplication must share a number with the open card's. The open card "
                "12 was said as 2 × 6, so you need a 2 or a 6. 24 as 4 × 6 is fine: the 6 "
                "matches. 24 as 3 × 8 is not: it has no 2 and no 6.",
                Picture(
                    "play",
                    {
                        "open": _card(12, "2 × 6"),
                        "plays": [
                            _play(24, 4, 6, True, "the 6 matches"),
                            _play(24, 3, 8, False, "no 2, no 6"),
                        ],
                    },
                    "On 12 = 2 × 6: 24 as 4 × 6 may be played, 24 as 3 × 8 may not.",
                ),
            ),
            HowToStep(
                "Keep it going",
                "Now 24 = 4 × 6 is the open card. The next player needs a 4 or a 6. They can "
                "play 28 as 4 × 7: the 4 matches. Work out which numbers you need and which of "
                "your cards have one: the multiplication table card can help.",
                Picture(
                    "play",
                    {"open": _card(24, "4 × 6"), "plays": [_play(28, 4, 7, True, "the 4 matches")]},
                    "On 24 = 4 × 6, 28 is played as 4 × 7.",
                ),
            ),
            HowToStep(
                "Playing on the screen",
                "Tap a card in your hand. Tap its first number in the top keys and its second "
                "number in the bottom keys. Then press Play this card.",
                Picture(
                    "declare",
                    {
                        "hand": [_card(c) for c in (24, 28, 35)],
                        "picked": 24,
                        "a": 4,
                        "b": 6,
                        "keys": list(TABLE),
                    },
                    "24 is picked, then the keys 4 and 6.",
                ),
            ),
            HowToStep(
                "Cannot play? Draw a card",
                "If none of your cards can share a number, press Draw a card instead. You take "
                "one card from the draw pile, and your turn is over. You may draw even when "
                "you could play.",
                Picture("draw", {"count": 23}, "The draw pile and the Draw a card button."),
            ),
            HowToStep(
                "Squares: miss a turn!",
                "Square numbers have green cards. Play one, and the next player misses a turn "
                "and draws a card. On 28 = 4 × 7, Ann plays 36 as 4 × 9. Ben misses his turn "
                "and draws. Then Cat plays a card with a 4 or a 9.",
                Picture(
                    "play",
                    {
                        "open": _card(28, "4 × 7"),
                        "plays": [_play(36, 4, 9, True, "Square! Ben misses a turn and draws")],
                    },
                    "On 28 = 4 × 7, Ann plays the square 36 as 4 × 9: Ben misses a turn.",
                ),
            ),
            HowToStep(
                "Free cards",
                "Your teacher may add free cards (★). A free card can be any number of the "
                "table. Say its number as you play it: it must still share a number. On 28 = "
                "4 × 7, play it as 4 = 4 × 1. 4 is a square, so the next player misses a turn!",
                Picture(
                    "play",
                    {
                        "open": _card(28, "4 × 7"),
                        "plays": [_play(FREE, 4, 1, True, "Square! The next player misses a turn")],
                    },
                    "On 28 = 4 × 7, a free card is played as 4 = 4 × 1.",
                ),
            ),
            HowToStep(
                "Winning",
                "Play your last card and you win at once! If the draw pile runs out, the "
                "played cards are shuffled to make a new one.",
                Picture("hand", {"open": _card(36, "4 × 9"), "cards": []}, "No cards left: a win!"),
            ),
        ),
    )


# --- Learn to play ----------------------------------------------------------------------------
def learn_to_play() -> LearnScript:
    """Two players, the learner first: share a multiplier, Pip's square makes the learner miss
    a turn and draw, the learner cannot play and draws a free card, plays it as the square
    4 = 4 × 1, and plays the square 36 = 4 × 9."""
    return LearnScript(
        settings=dict(LEARN_SETTINGS),
        players=2,
        seed=LEARN_SEED,
        names=("Pip",),
        intro=(
            "Let's play a practice game against Pip. The open card in the middle is 16. It was "
            "turned up from the pile, so it counts as 2 × 8 and as 4 × 4."
        ),
        steps=(
            LearnStep(
                "Your card must share a number with 2 × 8 or 4 × 4: a 2, a 4 or an 8. Play 28 "
                "as 4 × 7: tap 28, then 4 and 7, then Play this card.",
                (_discard(28, 4, 7),),
                highlight=(*_picks(28, 4, 7), '[data-action="discard"]'),
                then="28 = 4 × 7 shares the 4 with 16 = 4 × 4. Now Pip needs a 4 or a 7.",
            ),
            LearnStep(
                "Pip plays 4 as 4 × 1: the 4 matches. 4 is a square number, so its card is green.",
                (_discard(4, 1, 4),),
                seat=BOT,
                highlight=(".mg-open",),
                then="Square! You miss a turn and draw a card. With two players, Pip plays again.",
            ),
            LearnStep(
                "Pip plays 2 as 2 × 1: the 1 matches 4 × 1.",
                (_discard(2, 1, 2),),
                seat=BOT,
                highlight=(".mg-news",),
                then="Now you need a card with a 1 or a 2.",
            ),
            LearnStep(
                "Can you make any of your cards with a 1 or a 2? No! When you cannot play, you "
                "draw a card. Tap Draw a card instead.",
                (DRAW,),
                highlight=('[data-action="draw"]',),
                then="You drew a card, and your turn is over. Look at your new card: it is a "
                "free card, ★!",
            ),
            LearnStep(
                "Pip plays 8 as 2 × 4: the 2 matches 2 × 1.",
                (_discard(8, 2, 4),),
                seat=BOT,
                highlight=(".mg-open",),
                then="Now you need a 2 or a 4.",
            ),
            LearnStep(
                "A free card can be any number of the table. Play your free card as 4 = 4 × 1: "
                "tap the ★ card, then 4 and 1. The 4 matches, and 4 is a square!",
                (_discard(FREE, 4, 1),),
                highlight=_picks(FREE, 4, 1),
                then="Square! Pip misses a turn and draws a card, so it is your turn again.",
            ),
            LearnStep(
                "The open card is 4 = 4 × 1, so you need a 1 or a 4. Play 36 as 4 × 9: tap "
                "36, then 4 and 9.",
                (_discard(36, 4, 9),),
                highlight=_picks(36, 4, 9),
                then="36 = 4 × 9 is a square too: Pip misses another turn!",
            ),
        ),
        finish=(
            "Well done! Share a number with the open card, play squares to make the next "
            "player miss a turn, draw when you cannot play, and use a free card as any number. "
            "Now play a real game against a bot!"
        ),
    )


# --- the rules for teachers -------------------------------------------------------------------
def rules_for_teachers() -> list[RulesSection]:
    """Everything a teacher needs to explain and judge the game, with every setting."""
    free_choices = "; ".join(FREE_CARD_CHOICES.values())
    return [
        RulesSection(
            "The cards",
            (
                "The deck is the 42 different numbers of the 10 × 10 multiplication table "
                "(1, 2, 3, ... 90, 100), one card each. Square numbers (1, 4, 9, ... 100) are "
                "marked: they are green on the board. Up to 2 free cards (★) may be added "
                "(see Settings).",
                "A card's number only counts as a product of two multipliers from 1 to 10, "
                "declared when the card is played: 35 must be declared 5 × 7; 24 may be "
                "declared 4 × 6 or 3 × 8. 1 is a multiplier like any other (7 = 7 × 1). The "
                "order does not matter (4 × 6 is 6 × 4). The board has a multiplication table "
                "card children may open at any time.",
            ),
        ),
        RulesSection(
            "Setting up",
            (
                f"2 to 6 players. Each player is dealt {HAND_SIZE} cards, or {SMALL_HAND_SIZE} "
                f"cards with {SMALL_HAND_FROM} or more players; the rest is the draw pile. The "
                "app deals: a dealer is chosen at random, and the player after the dealer "
                "starts.",
                "The top card of the pile is turned up as the open card. Every way of "
                "writing it as a product of the table counts as declared: a turned-up 12 counts "
                "as 2 × 6 and 3 × 4, so any card with a 2, 3, 4 or 6 may follow it. A free "
                "card turned up is shuffled back into the pile and the next card turned up "
                "instead.",
            ),
        ),
        RulesSection(
            "A turn",
            (
                "On their turn a player discards one card onto the open card, declaring it as "
                "a × b, provided the declaration shares a multiplier with the open card's "
                "declaration. On 12 declared 2 × 6, a player may discard any card with a "
                "multiplier 2 or 6: 24 declared 4 × 6 (the 6 is shared), but not 24 declared "
                "3 × 8. On that 24 the next player needs a 4 or a 6, e.g. 28 declared 4 × 7.",
                "A player who does not discard (cannot, or chooses not to) draws one card from "
                "the draw pile and loses the turn. In the app: tap a card, tap the two "
                "multipliers, then Play this card; or Draw a card instead.",
            ),
        ),
        RulesSection(
            "Square numbers",
            (
                "A player who discards a square number makes the following player lose their "
                "turn and draw a card. Example: on 28 declared 4 × 7, player A discards 36 "
                "declared 4 × 9; player B draws a card and is skipped; player C continues on "
                "36 with any card with a multiplier 4 or 9.",
                "A card is a square by its number, whatever the declaration (36 declared "
                "4 × 9 is a square). With two players the penalty means the player who "
                "discarded the square plays again at once.",
            ),
        ),
        RulesSection(
            "Free cards",
            (
                "A free card may stand for any number of the table. Its number is declared as "
                "a × b when it is played, and must share a multiplier with the open card like "
                "any other card. Example: on 28 declared 4 × 7 a player may discard a free card "
                "declared 4 = 4 × 1; 4 is a square, so the following player loses a turn and "
                "draws. A free card declared as a square counts as a square.",
            ),
        ),
        RulesSection(
            "The end",
            (
                "The first player to discard their last card wins at once (a square played as "
                "the last card has no penalty). When the draw pile is empty, the discards "
                "except the open card are shuffled into a new pile; if there is still nothing "
                "to draw, the player just passes.",
                f"So that every game ends, after {MOVE_LIMIT} moves the player or players with "
                "the fewest cards win. Real games end long before.",
            ),
        ),
        RulesSection(
            "Settings",
            (
                f"Free cards: {free_choices}. Default: none. Free cards make a player stuck "
                "less often (a free card can always be played) and let a player choose a "
                "square on purpose; they do not change which facts of the table are practised.",
                "Multipliers while choosing: hidden (the default) or shown (“"
                + PRODUCT_CHOICES["shown"]
                + "”). Hidden, the board shows the open card and what its player declared "
                "(“24 = 4 × 6”), and says “Play a card that shares a number with 4 × 6”; "
                "for a turned-up card, “with a way to make 16”, without listing the ways. The "
                "child works out the multipliers, and which of their cards share one: that is "
                "what the game practises. Shown, the board lists them (“Play a card with a "
                "multiplier of 2, 4 or 8”, every way to make a turned-up card), and every "
                "play at that table counts as help in the progress report.",
                "Computer players: Easy (still learning the table) misses a possible play "
                "about 3 times in 10 and otherwise plays a random allowed card. Strong (plans "
                "ahead) never misses: it plays squares, keeps free cards for when nothing else "
                "works, sheds hard-to-play cards first, and prefers declarations the next "
                "player is unlikely to follow, judged only from cards it has seen.",
            ),
        ),
        RulesSection(
            "What the app tells and records",
            (
                "Next to the open card the board tells the last moves and their effects: who "
                'played which card as which product, which multiplier matched, "Square! Ben '
                'misses a turn and draws a card", who drew (never which card), and when the '
                "pile was reshuffled.",
                "A refused move is explained in the child's words without giving the "
                'answer: "35 is not 6 × 6", or "24 as 3 × 8 has no 2 or 6 in it. On 12 = '
                '2 × 6, play a card with a 2 or a 6".',
                "Progress: every discard of a number card is one multiplication fact used "
                "(4 × 6 and 6 × 4 are one fact). A free card's number is worked out by the "
                "app, so its discard counts as help, not as the child's own fact. A card "
                "declared with a wrong product, or outside the table, is a mistake on that "
                "fact. A declaration that shares no multiplier, and drawing "
                'while a card could have been played ("a card you could play"), are listed '
                "as mistakes but are not fact attempts. The game has one level for "
                "progress: free cards do not change it. With the multipliers shown, every "
                "discard and mistake counts as help, not as the child's own.",
            ),
        ),
    ]
