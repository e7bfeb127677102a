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
    _load_builtin_games()
    return _games[slug]


def all_games() -> list[Game]:
    """Every registered game, by name."""
    _load_builtin_games()
    return sorted(_games.values(), key=lambda game: game.name)


def _load_builtin_games() -> None:
    # Importing a game package registers it; the list grows with each game built.
    from games import equate, multiplication, primebomb, primeclimb, primepak  # noqa: F401
