"""Issue 31, "A platform that names no game": everything the platform needs from a game
(stylesheet, script, story, errors in place, fact map, resign move, list fields) is declared by
the game, and the list of games is a setting (config/games.py). A ninth game then edits none of
the platform: this fails if a game's slug or one of its move types is written in the platform's
code (games/ outside the game packages, classrooms/, progress/) or its templates (outside each
game's own folder, templates/games/<slug>/)."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

from games.engine import Move, all_games

ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGES = {module.split(".")[-1] for module in settings.GAMES}


def _platform_files() -> list[Path]:
    files = [p for p in (ROOT / "games").glob("*.py")]
    files += [
        *(ROOT / "games" / "views").glob("*.py"),
        *(ROOT / "games" / "templatetags").glob("*.py"),
    ]
    for app in ("classrooms", "progress"):
        files += [p for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts]
    slugs = {game.slug for game in all_games()}
    files += [
        p
        for p in (ROOT / "templates").rglob("*.html")
        if not (p.parent.parent.name == "games" and p.parent.name in slugs)
    ]
    return files


def _move_types() -> dict[str, str]:
    """Each move type a game defines, with the game package it belongs to."""
    found: dict[str, str] = {}
    stack = list(Move.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        package = cls.__module__.split(".")
        if len(package) > 1 and package[0] == "games" and package[1] in GAME_PACKAGES:
            kind = cls.__dict__.get("type")
            if isinstance(kind, str):
                found[kind] = package[1]
    return found


# Where a move type is named: compared with a move's type, or written as one (move data, a
# form's button). A move type is often a plain word ("step", "done"), so only these count.
MOVE_TYPE_USES = [
    re.compile(r"""type["']?\)?\s*(?:==|!=)\s*["']([a-z][a-z0-9_-]*)["']"""),
    re.compile(r"""["']type["']\s*:\s*["']([a-z][a-z0-9_-]*)["']"""),
    re.compile(r'name="type"[^>]*\bvalue="([a-z][a-z0-9_-]*)"'),
]
QUOTED = re.compile(r"""(["'])([a-z][a-z0-9_-]*)\1""")


def test_the_platform_names_no_game_and_no_move_of_a_game():
    slugs = {game.slug for game in all_games()}
    move_types = _move_types()
    assert len(slugs) == 8 and len(move_types) > 30 and _platform_files()
    named = []
    for path in _platform_files():
        for number, line in enumerate(path.read_text().splitlines(), 1):
            where = f"{path.relative_to(ROOT)}:{number}"
            named += [f"{where}: slug {m[2]!r}" for m in QUOTED.finditer(line) if m[2] in slugs]
            for use in MOVE_TYPE_USES:
                named += [
                    f"{where}: move type {m[1]!r} ({move_types[m[1]]})"
                    for m in use.finditer(line)
                    if m[1] in move_types
                ]
    assert not named, "\n".join(named)


def test_nothing_points_outside_the_repository():
    """A clone stands alone: code, tests, templates and docs cite docs/rules.md, never the rule
    texts' folder or decision file that sit beside the project (issue 31)."""
    outside = re.compile(r"shared/rules|DECISIONS")
    pointing = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("games", "classrooms", "config", "templates", "static", "tests", "docs")
        for path in (ROOT / folder).rglob("*")
        if path.suffix in {".py", ".html", ".md", ".js", ".css", ".txt"}
        and path.name != Path(__file__).name
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if outside.search(line)
    ]
    pointing += [f"README.md:{n}" for n, line in enumerate(
        (ROOT / "README.md").read_text().splitlines(), 1) if outside.search(line)]  # fmt: skip
    assert not pointing, pointing
