"""Issue 31, "one-way apps": progress depends on games and classrooms, games on classrooms, and
never the other way round. This reads every Python file of the three apps (migrations too) and
fails on an import against that order: a module-level or a late import inside a function, an
absolute or a relative one, or importlib.import_module("...") with the name written out."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# What each app may never import (Django's own wiring, such as URL names and signals sent
# without knowing who listens, is how the lower apps reach the higher ones).
FORBIDDEN = {
    "classrooms": {"games", "progress"},
    "games": {"progress"},
    "progress": set(),
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, absolute module name) of everything the source imports, wherever it is."""
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{anchor}.{base}" if base else anchor
            # "from games import services" imports games.services: either names a layer.
            found += [(node.lineno, base)]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.lineno, node.args[0].value))
    return found


def _violations(app: str) -> list[str]:
    found = []
    for path in sorted((ROOT / app).rglob("*.py")):
        module = _module_name(path)
        names = imported_names(path.read_text(), module, path.name == "__init__.py")
        for line, name in names:
            if name.partition(".")[0] in FORBIDDEN[app]:
                found.append(f"{path.relative_to(ROOT)}:{line}: imports {name}")
    return found


@pytest.mark.parametrize("app", sorted(FORBIDDEN))
def test_an_app_imports_only_the_apps_below_it(app):
    assert (ROOT / app / "apps.py").exists()
    assert not _violations(app), "\n".join(_violations(app))


def test_the_check_sees_late_relative_and_dynamic_imports():
    """A late import inside a function counts as much as one at the top."""
    source = """
import os
from . import models
from ..models import Student

def view():
    from progress.reports import class_report
    import games.engine as engine
    return importlib.import_module("progress.tasks")
"""
    names = {name for _, name in imported_names(source, "classrooms.views.roster")}
    assert names == {
        "os",
        "classrooms.views",
        "classrooms.models",
        "progress.reports",
        "games.engine",
        "progress.tasks",
    }


def test_the_check_finds_what_progress_imports():
    """Not vacuous: progress does use the apps below it, and the scan sees that."""
    names = set()
    for path in (ROOT / "progress").rglob("*.py"):
        module = _module_name(path)
        names |= {name.partition(".")[0] for _, name in imported_names(path.read_text(), module)}
    assert {"games", "classrooms"} <= names
