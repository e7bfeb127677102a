"""How long finding every factor set takes, on the positions the games really meet.

Prime Challenge: a full 12-card foundation plus 0-4 hit cards, dealt from the level's deck with
the booklet's prime wild cards (level 3: 7, levels 4-5: 11, level 6: 13). Prime Solitaire:
positions of seeded games played by the fair bot, timing `find_sets` on the cards in sight
(uncovered layout cards and the top of the face-up stack) and the game's own rules-aware
`find_collections`. The baselines, timed on the same cards in the same run: sorting the cards
for display, and `check_set` on three of them (the cost of answering a single question).

Run: .venv/bin/python bench/factorsets.py [--samples 2000]
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import HEADER, machine, summary
from games.engine.rng import shuffled
from games.primepak.cards import deck, sort_key
from games.primepak.factorsets import check_set, find_sets
from games.primepak.solitaire.game import SOLITAIRE
from games.primepak.solitaire.layout import layout_of
from games.primepak.solitaire.search import find_collections

CHALLENGE_WILDS = {3: 7, 4: 11, 5: 11, 6: 13}  # the booklet's Prime Challenge deck
FOUNDATION = 12


def timed(function, *args, **kwargs) -> tuple[float, object]:
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return (time.perf_counter() - start) * 1000, result


def challenge_samples(level: int, hits: int, count: int) -> list[list]:
    """Foundations (12 cards) plus `hits` hit cards, from seeded shuffles of the deck."""
    cards = deck(level, CHALLENGE_WILDS[level])
    return [
        shuffled(cards, seed, "bench", level, hits)[: FOUNDATION + hits] for seed in range(count)
    ]


def solitaire_positions(level: int, count: int) -> list[dict]:
    """States met while the fair bot plays seeded games (one in three kept)."""
    bot = SOLITAIRE.bots()["medium"]
    found: list[dict] = []
    seed = 0
    while len(found) < count:
        state = SOLITAIRE.new_game({"level": level}, 1, seed)
        rng = random.Random(seed)
        step = 0
        while SOLITAIRE.outcome(state) is None and len(found) < count:
            if step % 3 == 0:
                found.append(state)
            moves = SOLITAIRE.legal_moves(state, 0)
            state = SOLITAIRE.apply_move(
                state, 0, bot.choose_move(SOLITAIRE.view(state, 0), moves, rng)
            )
            step += 1
        seed += 1
    return found


def in_sight(state: dict) -> list[int]:
    """Uncovered layout cards and the top ten cards of the face-up stack."""
    view = SOLITAIRE.view(state, 0)
    layout = [card["value"] for card in view["foundation"] if card["available"]]
    return layout + [card["value"] for card in view["stack"][:10]]


def baselines(name: str, hands: list[list], level: int) -> None:
    sort_ms = [timed(sorted, hand, key=sort_key)[0] for hand in hands]
    check_ms = [timed(check_set, hand[:3], level)[0] for hand in hands]
    print(summary(f"{name}: baseline sort", sort_ms))
    print(summary(f"{name}: baseline check 3", check_ms))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=2000, help="per level and hit count")
    args = parser.parse_args()
    print(f"find_sets per call — {machine()}")
    print(HEADER)
    for level in CHALLENGE_WILDS:
        every: list[float] = []
        for hits in range(5):
            hands = challenge_samples(level, hits, args.samples)
            times, sizes = [], []
            for hand in hands:
                ms, found = timed(find_sets, hand, level)
                times.append(ms)
                sizes.append(len(found))
            every += times
            name = f"challenge L{level} 12+{hits} ({CHALLENGE_WILDS[level]}P)"
            print(summary(name, times) + f"   sets found: mean {sum(sizes) / len(sizes):.1f}")
        print(summary(f"challenge L{level}: all", every))
        baselines(f"challenge L{level}", challenge_samples(level, 4, args.samples), level)
    for level in (1, 3, 6):
        states = solitaire_positions(level, args.samples)
        hands = [in_sight(state) for state in states]
        print(summary(f"solitaire L{level}: find_sets in sight", [timed(find_sets, h, level)[0]
                                                                  for h in hands]))  # fmt: skip
        collections = []
        for state in states:
            layout = layout_of(state["settings"])
            values = [card or 0 for card in state["foundation"]]
            present = sum(1 << p for p, card in enumerate(state["foundation"]) if card)
            collections.append(timed(find_collections, layout, values, present, state["stack"])[0])
        print(summary(f"solitaire L{level}: find_collections", collections))
        baselines(f"solitaire L{level}", hands, level)


if __name__ == "__main__":
    main()
