"""The games the platform offers, by slug."""

from __future__ import annotations

from .protocol import Game
from .texts import check_texts

_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game (once per slug). A game that cannot teach itself (no How to play, Learn to
    play or rules for teachers) is refused."""
    if game.slug in _games and type(_games[game.slug]) is not type(game):
        raise ValueError(f"two games with the slug {game.slug!r}")
    check_texts(game)
    _games[game.slug] = game
    return game


def get_game(slug: str) -> Game:
    """The game with this slug; KeyError if there is none."""
    return _games[slug]


def all_games() -> list[Game]:
    """Every registered game, by name. The games register themselves when their packages are
    imported: the games app imports those settings.GAMES lists when Django starts (a script
    without Django imports them itself, as bench/_common.py does)."""
    return sorted(_games.values(), key=lambda game: game.name)
