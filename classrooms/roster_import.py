"""Reading a class list from a CSV file, row by row, without saving anything.

Teachers export class lists from Excel, Google Sheets or their school's system, so the file
may be UTF-8 (with or without a byte-order mark), Windows-1252 (Excel's "CSV" on Windows),
UTF-16 (Excel's "Unicode text", which is tab-separated), and separated by commas, semicolons
(Excel where the decimal mark is a comma) or tabs. Anything that is not such a table is
refused as a whole with one message; a table's bad rows are each reported with their line.
"""

import csv
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from .names import clean_name, name_key, name_problem

MAX_FILE_BYTES = 1_000_000
MAX_ROWS = 500
MAX_LINE_CHARS = 10_000  # a row of a class list, even with many columns, is far shorter
NAME_HEADERS = {
    "name", "names", "student", "students", "student name", "full name",
    "pupil", "pupils", "pupil name", "learner", "learner name", "child", "child name",
}  # fmt: skip
FIRST_HEADERS = {"first name", "firstname", "given name", "first names", "forename", "forenames"}
LAST_HEADERS = {"last name", "lastname", "surname", "family name"}
DELIMITERS = (",", "\t", ";")  # in order of preference when a file uses several
NOT_A_TABLE = "This file is not a CSV table. In Excel choose File → Save As → CSV."
NO_NAMES = (
    "The file has no column of names. Put the names in the first column, or head their "
    "column “name” (or “first name” and “last name”)."
)
NOT_UTF8_ROW = "This row is not UTF-8 text like the rest of the file. Save the file as “CSV UTF-8”."
UNREADABLE_ROW = "This row has characters that could not be read. Check the name and type it in."
NO_LETTERS_ROW = "This is not a name: it has no letters."
# Files that are not text at all, by how they start: spreadsheets (XLSX and ODS are ZIPs, old
# XLS is OLE2), PDF and pictures (PNG, JPEG, GIF); and text that is a document, not a table.
BINARY_SIGNATURES = (
    b"PK\x03\x04",
    b"\xd0\xcf\x11\xe0",
    b"%PDF",
    b"\x89PNG",
    b"\xff\xd8\xff",
    b"GIF8",
)
DOCUMENT_SIGNATURES = (b"{\\rtf", b"<!doctype", b"<html", b"<?xml")
LINE_BREAK = re.compile(r"\r\n|\r|\n")
LINE_BREAK_BYTES = re.compile(rb"\r\n|\r|\n")
BINARY_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")  # not tab, line or page breaks


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


def parse_roster(data: bytes, taken: list[str]) -> list[RosterRow]:
    """Every non-blank row of the file with its name and, for a bad row, what is wrong.

    A header row (name / first name, last name) is recognised and skipped. A row that
    cannot be decoded like the rest of the file is reported on its own instead of failing
    the whole file.
    """
    check_size(len(data))
    head = data.removeprefix(b"\xef\xbb\xbf")[:64]
    if head.startswith(BINARY_SIGNATURES) or head.lstrip().lower().startswith(DOCUMENT_SIGNATURES):
        raise RosterFileError(NOT_A_TABLE)
    text, broken_lines = decode(data)
    lines = LINE_BREAK.split(text)
    _check_is_text(text, lines)
    records = _records(lines, delimiter(lines))
    rows: list[RosterRow] = []
    first_seen: dict[str, int] = {}  # name key -> line of its first good row in this file
    name_col, last_col = 0, None
    for index, (start, end, cells) in enumerate(records):
        if index == 0 and (cols := _columns(cells)):
            name_col, last_col = cols
            continue
        name = _row_name(cells, name_col, last_col)
        key = name_key(name)
        if broken_lines.intersection(range(start, end + 1)):
            problem = NOT_UTF8_ROW
        elif name and key in first_seen:
            problem = f"“{name}” is already on row {first_seen[key]} of this file."
        else:
            problem = name_problem(name, taken) or _looks_wrong(name)
        if problem is None:
            first_seen[key] = start
        rows.append(RosterRow(start, name, problem))
        if len(rows) > MAX_ROWS:
            raise RosterFileError(f"The file has more than {MAX_ROWS} rows.")
    named = sum(1 for row in rows if any(ch.isalpha() for ch in row.name))
    if named * 2 < len(rows):  # mostly numbers, dates or nothing: the wrong column
        raise RosterFileError(NO_NAMES)
    return rows


def check_size(size: int) -> None:
    """Refuse a file from its size alone, so an upload that is too big is never read."""
    if size > MAX_FILE_BYTES:
        megabytes = max(round(size / 1_000_000, 1), 1.1)  # never "1 MB" for a bigger file
        raise RosterFileError(
            f"The file is larger than 1 MB (this one is {megabytes:g} MB). A class list is much "
            "smaller: save only the sheet with the names, as CSV."
        )


def decode(data: bytes) -> tuple[str, set[int]]:
    """The file's text, and the (1-based) lines that are not in the file's encoding.

    A byte-order mark decides (UTF-8 or UTF-16). Without one, text that is valid UTF-8 is
    UTF-8. Otherwise, if some lines are UTF-8 with accents, the file is UTF-8 and the lines
    that are not are reported; if no line shows UTF-8, the file is Windows-1252 (Excel's
    CSV on Windows; for letters it is a superset of Latin-1, which it therefore reads too).
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        codec = "utf-16-le" if data.startswith(b"\xff\xfe") else "utf-16-be"
        try:
            return data[2:].decode(codec), set()
        except UnicodeDecodeError:
            raise RosterFileError(NOT_A_TABLE) from None
    has_bom = data.startswith(b"\xef\xbb\xbf")
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8"), set()
    except UnicodeDecodeError:
        pass
    lines, texts, broken = LINE_BREAK_BYTES.split(data), [], set()
    utf8_accents = has_bom
    for number, raw in enumerate(lines, start=1):
        try:
            texts.append(raw.decode("utf-8"))
            utf8_accents = utf8_accents or not raw.isascii()
        except UnicodeDecodeError:
            texts.append(raw.decode("utf-8", "replace"))
            broken.add(number)
    if utf8_accents:
        return "\n".join(texts), broken
    # Five bytes have no character in Windows-1252; they become U+FFFD and the row says so.
    return data.decode("cp1252", "replace"), set()


def delimiter(lines: list[str]) -> str:
    """The separator most of the first rows use (a one-column list has none: a comma)."""
    sample = list(islice((line for line in lines if line.strip()), 20))
    counts = {d: sum(d in line for line in sample) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])  # ties go to the earlier one
    return best if counts[best] else ","


def _check_is_text(text: str, lines: list[str]) -> None:
    """Refuse binary data and single enormous lines: no class list looks like that."""
    if "\x00" in text or len(BINARY_CONTROLS.findall(text)) > max(8, len(text) // 100):
        raise RosterFileError(NOT_A_TABLE)
    if max(map(len, lines)) <= MAX_LINE_CHARS:
        return
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_LINE_CHARS:
            raise RosterFileError(
                f"Line {number} is {len(line):,} characters long, far too long for a class "
                f"list. {NOT_A_TABLE}"
            )


def _records(lines: list[str], sep: str) -> Iterator[tuple[int, int, list[str]]]:
    """(first line, last line, cells) of every non-blank row; a quoted cell may span lines."""
    reader = csv.reader((line + "\n" for line in lines), delimiter=sep)
    start = 1
    try:
        for cells in reader:
            end = reader.line_num
            # A blank line gives no cells; a row of spaces is blank too, but '""' is a row.
            if cells and (end > start or lines[start - 1].strip()):
                yield start, end, cells
            start = end + 1
    except csv.Error:
        # A quotation mark that is never closed turns the rest of the file into one cell,
        # which soon passes the csv module's limit for a cell (131,072 characters).
        raise RosterFileError(
            f"A quotation mark on line {start} is never closed, so the rest of the file "
            f"reads as one cell. {NOT_A_TABLE}"
        ) from None


def _columns(header: list[str]) -> tuple[int, int | None] | None:
    """(name column, optional last-name column) if this row is a header, else None."""
    labels = [_label(cell) for cell in header]
    for i, label in enumerate(labels):
        if label in NAME_HEADERS:
            return i, None
    firsts = [i for i, label in enumerate(labels) if label in FIRST_HEADERS]
    lasts = [i for i, label in enumerate(labels) if label in LAST_HEADERS]
    if firsts:
        return firsts[0], (lasts[0] if lasts else None)
    return None


def _label(cell: str) -> str:
    """A heading as compared: "First_Name:" and "first-name" are "first name"."""
    words = re.split(r"[\s_-]+", cell.lower().strip(" :*"))
    return " ".join(word for word in words if word)


def _row_name(cells: list[str], name_col: int, last_col: int | None) -> str:
    def cell(i: int | None) -> str:
        return clean_name(cells[i]) if i is not None and i < len(cells) else ""

    return clean_name(f"{cell(name_col)} {cell(last_col)}")


def _looks_wrong(name: str) -> str | None:
    """Problems only an imported name has: unreadable characters, or no letters at all."""
    if "\ufffd" in name:
        return UNREADABLE_ROW
    if not any(unicodedata.category(ch).startswith("L") for ch in name):
        return NO_LETTERS_ROW
    return None
