"""Prime Climb passes the platform's conformance checks over its settings.

Seeded random playouts to the end (every variation, both doubles rules, way stations, custom
cards, 1 to 4 players), replay of the move list reproduces the same state, views never reveal
the draw order, every legal move applies, illegal moves are refused. Random moves rarely
bring both pawns home, so most playouts end at the game's turn limit: most use a short limit
(a teacher's setting) to stay fast, every twentieth the default safety cap of 60 turns each.
"""

from __future__ import annotations

import itertools
import json

from games.engine.conformance import playout, replay
from games.primeclimb.game import PRIME_CLIMB
from games.primeclimb.state import SOLITAIRE, VARIANT_LABELS

GAME = PRIME_CLIMB
PLAYOUTS = 100
CUSTOM = [["send_to:37", "plus_minus:10"], ["switch", "steal", "bump", "curse"]]


def cases():
    """(settings, players, seed) cycling through variations × doubles × player counts."""
    combos = [
        (variant, doubles, players)
        for variant, doubles in itertools.product(VARIANT_LABELS, ("must", "may"))
        for players in ((1,) if variant in SOLITAIRE else (2, 3, 4))
    ]
    stations = list(GAME.settings_fields()[2]["choices"])
    for seed in range(PLAYOUTS):
        variant, doubles, players = combos[seed % len(combos)]
        settings = {
            "variant": variant,
            "doubles": doubles,
            "stations": stations[seed % len(stations)][0],
            "turn_limit": 60 if seed % 20 == 19 else 6,
            "custom_cards": CUSTOM[seed % 2] if seed % 3 == 0 else [],
            # The board shows the results in every fourth game; the others carry answers.
            "show_results": "yes" if seed % 4 == 1 else "no",
        }
        yield settings, players, seed


def test_random_playouts_end_and_replay_exactly():
    finished = 0
    for settings, players, seed in cases():
        state, history = playout(GAME, settings, players, seed)
        again = replay(GAME, settings, players, seed, history)
        assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)
        finished += 1
    assert finished == PLAYOUTS


def test_every_setting_combination_of_the_form_starts():
    fields = [field for field in GAME.settings_fields() if field.get("type") != "slots"]
    names = [field["name"] for field in fields]
    for combo in itertools.product(*[[v for v, _ in field["choices"]] for field in fields]):
        settings = GAME.clean_settings(dict(zip(names, combo, strict=True)))
        players = 1 if settings["variant"] in SOLITAIRE else 2
        state = GAME.new_game(settings, players, 0)
        GAME.check_invariants(state)


def test_the_game_describes_itself():
    assert GAME.slug == "prime-climb" and GAME.name == "Prime Climb" and GAME.summary
    assert (GAME.min_players, GAME.max_players) == (1, 4) and GAME.turn_seconds is None
    assert GAME.clean_settings(GAME.default_settings()) == GAME.default_settings()
