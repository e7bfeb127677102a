"""CSV class lists: every bad row is reported, nothing is saved by parsing."""

import pytest

from classrooms.roster_import import RosterFileError, parse_roster


def problems(rows):
    return {row.line: row.problem for row in rows if not row.ok}


def test_plain_list_without_header_gives_one_row_per_name():
    rows = parse_roster(b"Ana\nBen\r\nChloe\n", [])
    assert [(r.line, r.name, r.ok) for r in rows] == [
        (1, "Ana", True),
        (2, "Ben", True),
        (3, "Chloe", True),
    ]


def test_header_row_is_recognised_and_skipped():
    rows = parse_roster(b"Name,Birthday\nAna,2016-01-02\nBen,2016-03-04\n", [])
    assert [r.name for r in rows] == ["Ana", "Ben"]


def test_first_and_last_name_columns_are_joined():
    rows = parse_roster(b'First name,Last name\nAna,Bell\n"Ben","Cruz"\n', [])
    assert [r.name for r in rows] == ["Ana Bell", "Ben Cruz"]


def test_utf8_with_bom_and_accents_is_read():
    rows = parse_roster("\ufeffname\nJosé\nZoë\n".encode(), [])
    assert [r.name for r in rows] == ["José", "Zoë"]


def test_each_bad_row_is_reported_with_its_line_and_reason():
    data = (
        (
            "name\n"
            "Ana\n"  # 2 ok
            "ana\n"  # 3 duplicate of row 2 (case does not matter)
            '""\n' + "X" * 41 + "\n"  # 4 empty  # 5 too long
            "Ben\n"  # 6 already in the class
        ).encode()
        + "Jos\u00e9\n".encode("latin-1")
        + b"Chloe\n"
    )  # 7 wrong encoding, 8 ok
    rows = parse_roster(data, ["BEN"])
    assert [r.name for r in rows if r.ok] == ["Ana", "Chloe"]
    found = problems(rows)
    assert set(found) == {3, 4, 5, 6, 7}
    assert "already on row 2" in found[3]
    assert found[4] == "The name is empty."
    assert "41 characters" in found[5] and "40" in found[5]
    assert "already a student called" in found[6]
    assert "UTF-8" in found[7]


def test_blank_lines_are_not_rows():
    rows = parse_roster(b"Ana\n\n   \nBen\n", [])
    assert [r.line for r in rows] == [1, 4]


def test_white_space_inside_names_is_tidied():
    rows = parse_roster(b"  Ana    Bell  \n", [])
    assert rows[0].name == "Ana Bell"


def test_a_binary_file_is_refused_as_a_whole():
    with pytest.raises(RosterFileError, match="not a CSV"):
        parse_roster(b"PK\x03\x04\x00\x00binary", [])


def test_an_oversized_file_is_refused():
    with pytest.raises(RosterFileError, match="1 MB"):
        parse_roster(b"a\n" * 600_000, [])


def test_too_many_rows_are_refused():
    data = "\n".join(f"Student {i}" for i in range(501)).encode()
    with pytest.raises(RosterFileError, match="500"):
        parse_roster(data, [])
