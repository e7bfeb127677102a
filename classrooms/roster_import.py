"""Reading a class list from a CSV file, row by row, without saving anything."""

import csv
from dataclasses import dataclass

from .names import clean_name, name_key, name_problem

MAX_FILE_BYTES = 1_000_000
MAX_ROWS = 500
NAME_HEADERS = {"name", "names", "student", "students", "student name", "full name"}
FIRST_HEADERS = {"first name", "first_name", "firstname", "given name"}
LAST_HEADERS = {"last name", "last_name", "lastname", "surname", "family name"}


class RosterFileError(ValueError):
    """The file as a whole cannot be read (too big, not a CSV at all)."""


@dataclass(frozen=True)
class RosterRow:
    line: int
    name: str
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _cells(text: str) -> list[str]:
    return next(csv.reader([text]), [])


def _columns(header: list[str]) -> tuple[int, int | None] | None:
    """(name column, optional last-name column) if this row is a header, else None."""
    labels = [clean_name(cell).lower() for cell in header]
    for i, label in enumerate(labels):
        if label in NAME_HEADERS:
            return i, None
    firsts = [i for i, label in enumerate(labels) if label in FIRST_HEADERS]
    lasts = [i for i, label in enumerate(labels) if label in LAST_HEADERS]
    if firsts:
        return firsts[0], (lasts[0] if lasts else None)
    return None


def parse_roster(data: bytes, taken: list[str]) -> list[RosterRow]:
    """Every non-blank row of the file with its name and, for a bad row, what is wrong.

    A header row (name / first name, last name) is recognised and skipped. Each line is
    decoded separately so that a file saved in the wrong encoding reports the rows it
    breaks instead of failing as a whole.
    """
    if len(data) > MAX_FILE_BYTES:
        raise RosterFileError("The file is larger than 1 MB. A class list is much smaller.")
    if b"\x00" in data:
        raise RosterFileError("This is not a CSV text file. Save the list as “CSV UTF-8”.")
    data = data.removeprefix(b"\xef\xbb\xbf")
    lines = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    rows: list[RosterRow] = []
    first_seen: dict[str, int] = {}  # name key -> line of its first good row in this file
    name_col, last_col = 0, None
    header_line = next((i for i, raw in enumerate(lines, start=1) if raw.strip()), 0)
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            problem = "This row is not UTF-8 text. Save the file as “CSV UTF-8” and try again."
            rows.append(RosterRow(number, raw.decode("utf-8", "replace"), problem))
            continue
        cells = _cells(text)
        if number == header_line and (cols := _columns(cells)):
            name_col, last_col = cols
            continue
        name = _row_name(cells, name_col, last_col)
        key = name_key(name)
        if name and key in first_seen:
            problem = f"“{name}” is already on row {first_seen[key]} of this file."
        else:
            problem = name_problem(name, taken)
        if problem is None:
            first_seen[key] = number
        rows.append(RosterRow(number, name, problem))
        if len(rows) > MAX_ROWS:
            raise RosterFileError(f"The file has more than {MAX_ROWS} rows.")
    return rows


def _row_name(cells: list[str], name_col: int, last_col: int | None) -> str:
    def cell(i: int | None) -> str:
        return clean_name(cells[i]) if i is not None and i < len(cells) else ""

    return clean_name(f"{cell(name_col)} {cell(last_col)}")
