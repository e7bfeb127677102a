"""Prime Solitaire explained: How to play (for children), the Learn to play round, and the full
rules for teachers. Pure Python, like the rules: no Django here.

The pictures are drawn by templates/games/prime-solitaire/_picture.html with the board's own
card markup. Kinds: "set" (a row of cards and how they read), "layout" (overlapping rows, some
cards covered, chosen or lit up by a hint) and "piles" (the draw pile and the face-up pile).
The arithmetic shown is only the booklet's own worked examples (20 = 4 × 5, 50 = 2 × 5 × 5,
40 = 8 × 5, 40 = 4 × 10, and 2, 10, 4, 5 being no set). Chosen cards read as the board reads
them with the products hidden (the default, issue 30): "20 = 4 × 5?", for the child to check.
"""

from __future__ import annotations

from games.engine.common import PRODUCT_CHOICES
from games.engine.texts import (
    HowToPlay,
    HowToStep,
    LearnScript,
    LearnStep,
    Picture,
    RulesSection,
)

# --- pictures -------------------------------------------------------------------------------


def _card(value: int, row: int, col: int, **marks: bool) -> dict:
    """A layout card of a picture: row and column from 1, and how it is drawn."""
    return {"value": value, "row": row, "col": col, "grid_col": 2 * col - 1, **marks}


def _layout(rows: list[list[int]], caption: str, line: str = "", ok: bool = False,
            chosen=(), hinted=()) -> Picture:  # fmt: skip
    """Overlapping rows, the last one on top: a card is covered unless it is in the last row
    or the card on it in its column is chosen (so it may be taken with it)."""
    cards = []
    for r, values in enumerate(rows, 1):
        for c, value in enumerate(values, 1):
            on_top = r < len(rows) and rows[r][c - 1] is not None
            covered = on_top and (r + 1, c) not in chosen
            cards.append(_card(value, r, c, covered=covered, chosen=(r, c) in chosen,
                               hinted=(r, c) in hinted))  # fmt: skip
    return Picture("layout", {"cards": cards, "line": line, "ok": ok}, caption)


def _set(cards: list[int], line: str, ok: bool, caption: str) -> Picture:
    return Picture("set", {"cards": cards, "line": line, "ok": ok}, caption)


def how_to_play() -> HowToPlay:
    """Prime Solitaire for a 9-year-old: the goal, then short steps with pictures."""
    return HowToPlay(
        goal="Clear away every card of the layout by making factor sets, before the draw "
        "pile runs out.",
        steps=(
            HowToStep(
                "The layout",
                "The cards lie in rows that overlap: this is the layout. A card is free when "
                "no card lies on it. You can only use free cards. The other cards wait face "
                "down in the draw pile.",
                _layout(
                    [[2, 25, 8, 5], [10, 2, 50, 4], [20, 5, 2, 16]],
                    "Three overlapping rows. The bottom row is free; the grey cards are covered.",
                ),
            ),
            HowToStep(
                "Factor sets",
                "A factor set is 3 or more cards: an answer, and cards that multiply to make "
                "it. 20, 4 and 5 are a factor set, because 20 = 4 × 5. So are 50, 2, 5 and 5, "
                "because 50 = 2 × 5 × 5.",
                _set(
                    [20, 4, 5], "4 × 5 = 20 ✓", True, "20, 4 and 5 make a factor set: 20 = 4 × 5."
                ),
            ),
            HowToStep(
                "A set needs its answer",
                "2, 10, 4 and 5 are not a factor set, even though 2 × 10 = 4 × 5. None of "
                "them is the answer. The answer is the card that all the other cards multiply "
                "to make.",
                _set(
                    [2, 10, 4, 5],
                    "No answer: not a factor set",
                    False,
                    "2, 10, 4 and 5 are not a factor set.",
                ),
            ),
            HowToStep(
                "Take a set",
                "Tap the cards of a set, in any order. The line under the cards asks your "
                "question, like 20 = 4 × 5? Multiply to check, then press “Take this set”. A "
                "set leaves the game, and the cards under it are free. Not a set? The game "
                "tells you why.",
                _layout(
                    [[2, 25, 8, 16], [10, 2, 50, 2], [4, 5, 2, 20]],
                    "4, 5 and 20 are chosen: is 20 = 4 × 5? Yes!",
                    line="20 = 4 × 5?",
                    chosen={(3, 1), (3, 2), (3, 4)},
                ),
            ),
            HowToStep(
                "Cards lying on each other",
                "You may take a covered card together with the cards lying on it, when they "
                "are all in the same set. Tap the top card first, then the card under it.",
                _layout(
                    [[2, 40, 25], [10, 8, 5]],
                    "The 40 lies under the 8. 40 = 8 × 5, so 40, 8 and 5 go together.",
                    line="40 = 8 × 5?",
                    chosen={(1, 2), (2, 2), (2, 3)},
                ),
            ),
            HowToStep(
                "Turn over a card",
                "Stuck? Press “Turn over a card”. It goes on the face-up pile. You may use "
                "the top card of that pile, and the cards right under it, but never skip one. "
                "Every set needs at least one card from the layout.",
                Picture(
                    "piles",
                    {"draw": 15, "stack": [2, 16, 5], "top_chosen": True},
                    "The draw pile, and the face-up pile: 5 is its top card.",
                ),
            ),
            HowToStep(
                "Hints",
                "Not sure what to do? Press “Hint”. It lights up a set you can make with the "
                "cards you can see. Try to find sets yourself first: a set you take after a "
                "hint counts as help, not as your own find.",
                _layout(
                    [[5, 2, 64], [40, 10, 4]],
                    "A hint lights up 40, 10 and 4: 40 = 4 × 10.",
                    hinted={(2, 1), (2, 2), (2, 3)},
                ),
            ),
            HowToStep(
                "Winning",
                "You win when the whole layout is gone. You go through the draw pile only "
                "once! When it is empty and no set is left, the game is over. Tip: save small "
                "cards like 2 and 5. You need them for the big numbers.",
            ),
        ),
    )


# --- Learn to play --------------------------------------------------------------------------
# A level-1 deal (seed 6696, overlapping rows) where every card the coach names is the only
# free card of its number, so "tap 20, 4 and 5" can mean only one card each. Found by trying
# seeds; tests/games/primepak/solitaire/test_texts.py checks every step against the deal. The
# product of the chosen cards is hidden, as in a real game: the coach says the multiplication,
# the board only asks it ("20 = 4 × 5?").
LEARN_SETTINGS = {"level": 1, "layout": "rows", "extra_rows": 0, "product": "hidden"}
LEARN_SEED = 6696


def _take(*refs: str) -> tuple[dict, ...]:
    """ "Take this set" with these cards ticked (in any order: a take names its cards)."""
    return ({"type": "collect", "cards": ",".join(refs)},)


def _at(*refs: str) -> tuple[str, ...]:
    return tuple(f'[data-ref="{ref}"]' for ref in refs)


_TAKE_BUTTON = ('[data-action="collect"]',)


def learn_to_play() -> LearnScript:
    """A guided first game: a set, uncovering, the face-up pile, a hint and covered cards."""
    return LearnScript(
        settings=dict(LEARN_SETTINGS),
        players=1,
        seed=LEARN_SEED,
        intro="Prime Solitaire is a game for one. Clear the layout by making factor sets: an "
        "answer and the cards that multiply to make it.",
        steps=(
            LearnStep(
                "Find 20 = 4 × 5 in the bottom row: tap 20, 4 and 5, in any order. The line "
                "under the cards asks: 20 = 4 × 5? Check it, then press “Take this set”.",
                _take("f28", "f33", "f31"),
                highlight=(*_at("f28", "f33", "f31"), *_TAKE_BUTTON),
                then="4 × 5 = 20: a factor set! 20, 4 and 5 are gone. The cards that were under "
                "them are free now: 10, 2 and 4.",
            ),
            LearnStep(
                "Use the cards you just uncovered. Find 4 = 2 × 2: tap 4 and both 2s, then "
                "press “Take this set”.",
                _take("f26", "f30", "f24"),
                highlight=(*_at("f26", "f30", "f24"), *_TAKE_BUTTON),
                then="2 × 2 = 4: a factor set. Two sets made! Taking them uncovered a 50 and two "
                "more 2s.",
            ),
            LearnStep(
                "Now turn over a card from the draw pile: press “Turn over a card”.",
                ({"type": "turn"},),
                highlight=('[data-action="turn"]', '[data-pile="draw"]'),
                then="A 5! It is the top card of the face-up pile now, and you may use it in a "
                "set.",
            ),
            LearnStep(
                "Find 40 = 8 × 5 with the 5 you turned over: tap 40, 8 and the 5 on the "
                "face-up pile, then press “Take this set”.",
                _take("f32", "f34", "s0"),
                highlight=(*_at("f32", "f34", "s0"), *_TAKE_BUTTON),
                then="8 × 5 = 40: a factor set. Three sets made! A set may use cards from the top "
                "of the face-up pile, but it needs at least one card from the layout.",
            ),
            LearnStep(
                "Not sure what to do next? Press “Hint”.",
                ({"type": "hint"},),
                highlight=('[data-action="hint"]',),
                then="The hint lights up a set you can make: 64 and six 2s. A set you take "
                "after a hint counts as help, so look for sets yourself first!",
            ),
            LearnStep(
                "Let's take the hint's set. First tap the four free 2s. Then the 64 and the two "
                "2s under them can be tapped too: tap them, and press “Take this set”.",
                _take("f19", "f23", "f25", "f27", "f18", "f16", "f20"),
                highlight=(*_at("f19", "f23", "f25", "f27", "f18", "f16", "f20"), *_TAKE_BUTTON),
                then="2 × 2 × 2 × 2 × 2 × 2 = 64: seven cards at once! Cards under chosen cards "
                "can be chosen too, if they are in the same set.",
            ),
        ),
        finish="Well done! You can make factor sets, uncover cards, use the face-up pile and "
        "ask for a hint. Now play a real game at Level 1 and clear the whole layout!",
    )


# --- the full rules, for teachers -----------------------------------------------------------
def rules_for_teachers() -> list[RulesSection]:
    """The booklet's rules with every setting and decision of the app that changes play."""
    return [
        RulesSection(
            "The game in short",
            (
                "Prime Solitaire is a PrimePak game for one player. Cards are dealt face up in "
                "overlapping rows, the layout. The player clears the layout by forming factor "
                "sets with its free cards and with cards turned over, one at a time, from the "
                "draw pile. The player wins by clearing the whole layout before going through "
                "the draw pile once.",
                "The deck is the PrimePak number cards of the chosen deck level, with no prime "
                "wild cards: Level 1 has 56 cards (2, 4, 5, 8, 10, 16, 20, 25, 32, 40, 50, 64, "
                "80, 100, 200), Level 2 adds the 3s and their products (98 cards), Level 3 the "
                "7s and 11s (134), Level 4 the 13s (144), Level 5 the 17s (151) and Level 6 "
                "the 19s (158, the full deck).",
            ),
        ),
        RulesSection(
            "Factor sets",
            (
                "A factor set is at least three cards: one composite number, the answer, and "
                "two or more cards whose product is the answer. 20, 4 and 5 are a factor set "
                "because 20 = 4 × 5; so are 50, 2, 5 and 5 (50 = 2 × 5 × 5).",
                "A set must include its answer: 2, 10, 4 and 5 are not a factor set even "
                "though 2 × 10 = 4 × 5. The answer is always the biggest card of a set. Prime "
                "Solitaire uses no prime wild cards.",
            ),
        ),
        RulesSection(
            "Setting up",
            (
                "The app shuffles the deck and deals the layout face up. With overlapping "
                "rows, each row of 7 cards lies on the row before without hiding it: 5 rows "
                "(35 cards) at Levels 1 and 2, 3 rows (21 cards) at Levels 3 to 6. In the "
                "pyramid, rows of 1, 2, ... 7 cards (28 cards) lie on each other so that each "
                "card is overlapped by the two cards below it, as in the classic pyramid "
                "solitaire; the pyramid is the same at every level. Extra rows add rows of 7 "
                "(rows) or of 8 and 9 cards (pyramid).",
                "The remaining cards form the face-down draw pile. Layout cards never move "
                "and no card is ever added to the layout.",
            ),
        ),
        RulesSection(
            "Playing",
            (
                "A layout card is free (available) when no card lies on it: in overlapping "
                "rows, the last card of each column; in the pyramid, a card whose two "
                "overlapping cards are both gone.",
                "At any time the player may turn over the next card of the draw pile. It "
                "becomes the top card of a single face-up pile, fanned out so that every card "
                "can be seen; the order of that pile never changes, and a card turned over "
                "cannot be put back.",
                "A factor set may use free layout cards and consecutive cards from the top of "
                "the face-up pile (no card may be skipped), and must use at least one layout "
                "card: no set may be formed only from the face-up pile. Two or more "
                "overlapping layout cards may be collected at once if they belong to the same "
                "set. The order in which the cards are picked does not matter: the answer may "
                "come before, after or between its factors. Collected sets leave the game.",
                "In the app the player taps the cards and then presses “Take this set”. The "
                "cards are chosen on the player's own screen and sent with “Take this set”, so "
                "no tap is lost on a slow network; it works with a mouse, a finger or the "
                "keyboard, also without JavaScript. A covered card may be chosen once every "
                "card lying on it is chosen; putting a card back also puts back the cards it "
                "covers again. Any face-up pile card may be chosen, but “Take this set” "
                "refuses a set that skips one.",
                "Under the chosen cards a line shows how they read. With the products hidden "
                "(the default), it is the set they would make, the biggest card as the answer, "
                "for the child to multiply: “20 = 4 × 5?” (“20 = 4 × ?” with two cards) and "
                "“Multiply to check, then press “Take this set”. Not a set? The game says "
                "why.” It reads the same for a set and for cards that are not one, and says "
                "no rule slip either: nothing tells whether the cards are a set before they "
                "are taken.",
                "With the products shown (a teacher's choice), the biggest chosen card is "
                "taken as the answer when it can be one, and the line multiplies the other "
                "cards: “4 × 5 = 20 ✓ That is a factor set!” or “2 × 5 = 10, not 64”; with two "
                "cards, “20 = 4 × ?”. When no chosen card can be the answer (the others "
                "multiply to more than half of the biggest), the line multiplies all of them, "
                "“2 × 4 × 5 = 40”, and says the answer card is still missing. The app never "
                "works out a missing factor: that is the child's part.",
                "A set that is refused is explained in a child's words, the maths first (the "
                "most useful reason), then the rules: “2 × 7 = 14, not 40.”, “Every set needs "
                "at least one card from the layout.”, “Take the top card of the face-up pile "
                "and the cards right under it. No skipping!”",
            ),
        ),
        RulesSection(
            "Hints",
            (
                "“Hint” lights up the set, among the cards the player can see, that clears "
                "the most layout cards, and names it (“Look for 40: 40 = 2 × 4 × 5.”). It "
                "never looks at the face-down draw pile; with no set in sight it says so.",
                "Hints are help, and reports keep them apart from the child's own skill: "
                "asking for a hint is recorded as a hint, and a set with the same cards (the "
                "same numbers) as the last hint showed is recorded as a set made with help. "
                "A set found without a hint is the child's own.",
            ),
        ),
        RulesSection(
            "End of the game and score",
            (
                "The game is won as soon as the whole layout is cleared. It ends by itself, "
                "lost, when the draw pile is empty and no set can be made. A player may also "
                "give up (the platform's “Give up”, after “Are you sure?”).",
                "The score is the number of layout cards cleared. The booklet's chance of "
                "winning: about 1 game in 4 at Levels 3 to 6 with three rows; almost every "
                "game at Levels 1 and 2, even with the pyramid, usually early, before many "
                "cards have been turned over.",
                "After a game that was not won, the app works out in the background (for up "
                "to 2 seconds, knowing the order of the draw pile) whether the deal could "
                "have been won: “could have been won”, “nobody could have won (proved)”, or, "
                "honestly, “could not tell in time”. Teachers see it with the game. When it "
                "could have been won, the app also finds the first move that lost it (“The "
                "first move that went wrong was move 45 (took 44 = 2 × 2 × 11) … Better: turn "
                "over a card”), and the replay opens at that point with the same note.",
            ),
        ),
        RulesSection(
            "Strategy (from the booklet)",
            (
                "At Levels 3 to 6 players need to give up some sets now to make others "
                "possible later. Keep the small primes 2, 3 and 5 free in the layout to clear "
                "bigger numbers later, and spot early the cards that are hard to clear: the "
                "larger primes (11, 13, 17, 19), numbers with larger prime factors (44, 51, "
                "57), numbers with many factors of 2 or 3 (32, 64, 81, 96), and numbers of 70 "
                "or more.",
            ),
        ),
        RulesSection(
            "What each setting changes",
            (
                "Deck level (1 to 6, default 1): which cards are in the deck, and so which "
                "multiplication facts and primes the game practises. Level 1 practises the "
                "facts with 2 and 5, Level 2 adds 3, Level 3 the facts up to 11; Levels 4 to "
                "6 add 13, 17 and 19. It also sets the rows of the layout (5 at Levels 1 and "
                "2, 3 at Levels 3 to 6).",
                "Layout (overlapping rows or pyramid, default rows): the pyramid covers more "
                "cards, so any level is more challenging.",
                "Extra rows (none, 1 or 2, default none): more cards to clear, a little harder.",
                "Deal (a new shuffle every game, or the deal of the day; default a new "
                "shuffle): with the deal of the day, everyone who starts a game with the same "
                "settings on the same day gets the same cards, a deal the app proved can be "
                "won, for a fair class contest.",
                "Product while choosing: hidden (the default) or shown (“"
                + PRODUCT_CHOICES["shown"]
                + "”). Hidden, the line under the chosen cards asks “20 = 4 × 5?” and the "
                "child multiplies: that is what the game practises, and “Take this set” judges "
                "the cards. Shown, the board works out the product as cards are chosen and "
                "says when they make a set, and every set the child makes, gets wrong or "
                "passes over at that table counts as help in the progress report.",
                "Progress is kept per deck level; the layout, extra rows and the product "
                "setting do not split it.",
            ),
        ),
        RulesSection(
            "What the app records for reports",
            (
                "Every set made (as the factors of its answer, e.g. “factors of 56”), every "
                "wrong set by its kind (a wrong product, no answer, too few cards), every set "
                "that was in sight when the player turned over a card instead (a missed set), "
                "hints, and rule slips (skipping a face-up card, a set with no layout card), "
                "which are kept apart from factoring mistakes. A Learn to play round is never "
                "counted.",
            ),
        ),
    ]
