"""Every registered game passes the platform's conformance checks.

Seeded random playouts to the end (up to a hundred per game), replay of the move list
reproduces the same state, views never reveal hidden cards, every legal move applies, illegal
moves are refused.
"""

import itertools
import json

import pytest

from games.engine import SettingsError, all_games
from games.engine.conformance import check_keys_fit, playout, replay, settings_variants

# Enough to reach every kind of move, end and clock of a game across its settings (each
# playout takes another combination of settings and players); more is a strength run's job.
PLAYOUTS_PER_GAME = 100
# Games finished by bots after their random moves (Game.random_playout_moves) play whole games
# to their target: fewer playouts, each far longer.
BOT_FINISHED_PLAYOUTS = 20


def playouts_for(game) -> int:
    if game.conformance_playouts is not None:
        return game.conformance_playouts
    return PLAYOUTS_PER_GAME if game.random_playout_moves is None else BOT_FINISHED_PLAYOUTS


def playable(game, settings: dict, players: int) -> bool:
    """Some settings need a certain number of players (Prime Challenge's teams of two)."""
    try:
        game.new_game(settings, players, 0)
    except SettingsError:
        return False
    return True


def cases(game):
    variants = settings_variants(game)
    counts = range(game.min_players, game.max_players + 1)
    combos = [
        (settings, players)
        for settings, players in itertools.product(variants, counts)
        if playable(game, settings, players)
    ]
    count = playouts_for(game)
    for seed in range(count):
        # More combinations than playouts: spread the playouts over all of them (every level,
        # every partnership choice), not the first few.
        index = seed * len(combos) // count if len(combos) > count else seed % len(combos)
        settings, players = combos[index]
        yield settings, players, seed


# Each game's playouts are split into this many test items (seed % SHARDS), so the parallel
# runner spreads one game's long playouts over its workers.
SHARDS = 4


@pytest.mark.parametrize(
    ("game", "shard"),
    [(game, shard) for game in all_games() for shard in range(SHARDS)],
    ids=lambda value: value.slug if hasattr(value, "slug") else f"part{value + 1}of{SHARDS}",
)
def test_random_playouts_end_and_replay_exactly(game, shard):
    finished = 0
    for settings, players, seed in cases(game):
        if seed % SHARDS != shard:
            continue
        state, history = playout(game, settings, players, seed)
        again = replay(game, settings, players, seed, history)
        assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)
        finished += 1
    assert finished == len(range(shard, playouts_for(game), SHARDS))


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_what_the_platform_stores_of_a_game_fits_its_columns(game):
    """Issue 36: a value longer than its column fails on PostgreSQL (SQLite keeps it)."""
    check_keys_fit(game)


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_game_describes_itself(game):
    assert game.slug and game.name and game.summary
    assert 1 <= game.min_players <= game.max_players
    assert game.bots(), "every game has at least one bot"
    assert game.fact_map in (None, "table", "factors"), "a fact map the report can draw"
    defaults = game.default_settings()
    assert game.clean_settings(defaults) == defaults
