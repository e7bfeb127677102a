"""One rule for a student's name, used by the add/edit forms and by CSV import."""

import unicodedata
from collections.abc import Iterable

from .models import STUDENT_NAME_MAX


def clean_name(raw: str) -> str:
    """Trim and fold runs of white space to one space."""
    return " ".join(raw.split())


def name_key(name: str) -> str:
    """Names are compared without regard to case ('ana' and 'Ana' are the same child)."""
    return clean_name(name).casefold()


def name_problem(name: str, taken: Iterable[str] = ()) -> str | None:
    """Why this (cleaned) name cannot be used, in words a teacher reads, or None if it can."""
    if not name:
        return "The name is empty."
    if len(name) > STUDENT_NAME_MAX:
        return f"The name is {len(name)} characters long; the most is {STUDENT_NAME_MAX}."
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return "The name has characters that cannot be shown (control characters)."
    if name_key(name) in {name_key(t) for t in taken}:
        return f"There is already a student called “{name}” in this class."
    return None
