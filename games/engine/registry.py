"""The games the platform offers, by slug."""

from __future__ import annotations

from .protocol import Game

_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game (once per slug)."""
    if game.slug in _games and type(_games[game.slug]) is not type(game):
        raise ValueError(f"two games with the slug {game.slug!r}")
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
    from games import multiplication, primeclimb, primepak  # noqa: F401
