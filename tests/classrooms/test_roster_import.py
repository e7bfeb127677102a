"""CSV class lists: every bad row is reported, nothing is saved by parsing."""

import base64
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.core.files.uploadedfile import InMemoryUploadedFile, SimpleUploadedFile
from django.test.client import BOUNDARY, encode_multipart
from django.urls import reverse

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
        + "Chlo\u00e9\n".encode()
    )  # 7 not UTF-8 like the rest of the file (row 8 shows it is UTF-8), 8 ok
    rows = parse_roster(data, ["BEN"])
    assert [r.name for r in rows if r.ok] == ["Ana", "Chloé"]
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


# Encodings: Excel's "CSV" on Windows is Windows-1252, its "Unicode text" is UTF-16 with tabs.

EXCEL_NAMES = ["Zoë", "José", "Renée"]


def test_a_windows_1252_file_from_excel_is_read():
    data = "Name\r\nZoë\r\nJosé\r\nRenée\r\nŠárka\r\n".encode("cp1252")
    assert [r.name for r in parse_roster(data, []) if r.ok] == [*EXCEL_NAMES, "Šárka"]


def test_a_latin_1_file_is_read_the_same_way():
    data = ("name\n" + "\n".join(EXCEL_NAMES) + "\n").encode("latin-1")
    assert [r.name for r in parse_roster(data, []) if r.ok] == EXCEL_NAMES


def test_utf8_without_bom_is_not_mistaken_for_windows_1252():
    data = ("name\n" + "\n".join(EXCEL_NAMES) + "\n").encode()
    assert [r.name for r in parse_roster(data, []) if r.ok] == EXCEL_NAMES


def test_a_utf8_file_with_bom_reports_a_windows_1252_row_instead_of_guessing():
    data = "\ufeffname\nAna\n".encode() + "José\n".encode("cp1252")
    rows = parse_roster(data, [])
    assert rows[0].ok and rows[0].name == "Ana"
    assert rows[1].line == 3 and "UTF-8" in rows[1].problem


def test_a_byte_windows_1252_cannot_show_is_reported_on_its_row():
    rows = parse_roster(b"Ana\nBe\x81n\n", [])
    assert rows[0].ok
    assert "could not be read" in rows[1].problem


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_excel_unicode_text_utf16_with_tabs_is_read(codec):
    bom = "\ufeff".encode(codec)
    data = bom + "First name\tLast name\tClass\r\nZoë\tBell\t4A\r\nJosé\tCruz\t4A\r\n".encode(codec)
    assert [r.name for r in parse_roster(data, []) if r.ok] == ["Zoë Bell", "José Cruz"]


def test_semicolon_separated_csv_from_a_comma_decimal_excel_is_read():
    data = "Last name;First name;Born\nMüller;Anna;2016\n".encode("cp1252")
    assert [r.name for r in parse_roster(data, [])] == ["Anna Müller"]


def test_more_headings_are_recognised():
    data = b"Pupil No,First_Name,Surname\n17,Ana,Bell\n"
    assert [r.name for r in parse_roster(data, [])] == ["Ana Bell"]


def test_a_quoted_cell_may_hold_a_line_break():
    rows = parse_roster(b'Name,Notes\nAna,"likes\nchess"\nBen,\n', [])
    assert [(r.line, r.name, r.ok) for r in rows] == [(2, "Ana", True), (4, "Ben", True)]


# Files that are not a table are refused as a whole, with what to do.


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n" + bytes(range(256)),  # a screenshot of the list
        b"PK\x03\x04\x14\x00\x06\x00[Content_Types].xml",  # an .xlsx (a ZIP)
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\xff" * 50,  # an old .xls
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n",
        b"{\\rtf1\\ansi\\ansicpg1252 Ana\\par Ben}",
        b"<!DOCTYPE html><html><body><table><tr><td>Ana</td></tr></table>",
        b"Ana\nBen\x00\nChloe\n",  # NUL bytes
        bytes(range(1, 32)) * 40,  # control characters everywhere: binary data
    ],
    ids=["png", "xlsx", "xls", "pdf", "rtf", "html", "nul", "controls"],
)
def test_a_file_that_is_not_a_table_is_refused_with_what_to_do(data):
    with pytest.raises(RosterFileError) as error:
        parse_roster(data, [])
    assert str(error.value) == "This file is not a CSV table. In Excel choose File → Save As → CSV."


def test_a_single_huge_line_is_refused_not_a_server_error():
    with pytest.raises(RosterFileError, match=r"Line 2 is 140,000 characters long.*not a CSV"):
        parse_roster(b"name\n" + b"A" * 140_000 + b"\n", [])


def test_a_cell_past_the_csv_modules_limit_is_refused_not_a_server_error():
    # An unclosed quotation mark: the rest of the file (short lines) becomes one 140,000
    # character cell, past the csv module's field limit of 131,072 (which raised _csv.Error).
    data = b'name\n"Ana\n' + b"Bobby Tables\n" * 11_000
    with pytest.raises(RosterFileError, match=r"quotation mark on line 2 is never closed"):
        parse_roster(data, [])


def test_a_file_without_a_column_of_names_is_refused():
    with pytest.raises(RosterFileError, match="no column of names"):
        parse_roster(b"ID,Year\n1234,5\n5678,5\n", [])


def test_a_row_without_letters_is_reported_on_its_own():
    rows = parse_roster(b"Ana\n2016-01-02\n", [])
    assert rows[0].ok and rows[1].problem == "This is not a name: it has no letters."


# The import pages.

IMPORT = "roster_import"


def _upload(data: bytes, name: str = "class.csv"):
    return SimpleUploadedFile(name, data, content_type="text/csv")


def test_a_windows_1252_file_is_previewed_and_saved_with_its_accents(teacher_client, classroom):
    data = ("Name\r\n" + "\r\n".join(EXCEL_NAMES) + "\r\n").encode("cp1252")
    url = reverse(IMPORT, args=[classroom.pk])
    response = teacher_client.post(url, {"file": _upload(data)})
    assert response.status_code == 200
    page = response.content.decode()
    assert all(name in page for name in EXCEL_NAMES) and "Add 3 students" in page
    confirm = response.context["confirm"].initial["data"]
    response = teacher_client.post(
        reverse("roster_import_confirm", args=[classroom.pk]), {"data": confirm}
    )
    assert response.status_code == 302
    assert sorted(classroom.students.values_list("name", flat=True)) == sorted(EXCEL_NAMES)


def test_a_file_over_1_mb_gets_a_form_error_and_is_not_read(teacher_client, classroom, monkeypatch):
    def unread(self, *args):
        raise AssertionError("the upload was read")

    data = b"Student name\n" * 115_385  # 1.5 MB: under MAX_REQUEST_BYTES, over a class list
    body = encode_multipart(BOUNDARY, {"file": _upload(data)})
    monkeypatch.setattr(InMemoryUploadedFile, "read", unread)  # what the server received
    url = reverse(IMPORT, args=[classroom.pk])
    response = teacher_client.post(
        url, body, content_type=f"multipart/form-data; boundary={BOUNDARY}"
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert "larger than 1 MB (this one is 1.5 MB)" in page
    assert 'id="id_file_error"' in page  # in the form, next to the field
    assert not classroom.students.exists()


def test_an_upload_over_max_request_bytes_gets_the_413_page(teacher_client, classroom, settings):
    settings.MAX_REQUEST_BYTES = 50_000
    data = b"Student name\n" * 10_000
    response = teacher_client.post(reverse(IMPORT, args=[classroom.pk]), {"file": _upload(data)})
    assert response.status_code == 413
    assert "too much to send at once" in response.content.decode()
    assert not classroom.students.exists()


def test_an_excel_workbook_gets_a_form_error_that_says_how_to_save_csv(teacher_client, classroom):
    xlsx = _upload(b"PK\x03\x04\x14\x00\x06\x00" + b"\x00" * 100, "class.xlsx")
    response = teacher_client.post(reverse(IMPORT, args=[classroom.pk]), {"file": xlsx})
    assert response.status_code == 422
    assert "In Excel choose File → Save As → CSV." in response.content.decode()


def test_a_huge_cell_gets_a_form_error_not_a_server_error(teacher_client, classroom):
    data = b"name\n" + b"A" * 140_000 + b"\n"
    response = teacher_client.post(reverse(IMPORT, args=[classroom.pk]), {"file": _upload(data)})
    assert response.status_code == 422
    assert "140,000 characters long" in response.content.decode()


def test_the_confirm_form_carries_the_file_in_url_safe_base64(teacher_client, classroom):
    data = "name\nZoë ÿÿÿ\nJosé ~~~\n".encode()  # bytes whose standard base64 has "+" and "/"
    assert {"+", "/"} & set(base64.b64encode(data).decode())
    url = reverse(IMPORT, args=[classroom.pk])
    packed = teacher_client.post(url, {"file": _upload(data)}).context["confirm"].initial["data"]
    assert not {"+", "/", "%"} & set(packed)
    confirm = reverse("roster_import_confirm", args=[classroom.pk])
    assert teacher_client.post(confirm, {"data": packed}).status_code == 302
    assert sorted(classroom.students.values_list("name", flat=True)) == ["José ~~~", "Zoë ÿÿÿ"]


def test_the_confirm_form_still_takes_standard_base64(teacher_client, classroom):
    data = base64.b64encode(b"name\nAna\n").decode()
    response = teacher_client.post(
        reverse("roster_import_confirm", args=[classroom.pk]), {"data": data}
    )
    assert response.status_code == 302
    assert list(classroom.students.values_list("name", flat=True)) == ["Ana"]


def test_a_file_near_1_mb_can_be_confirmed_within_max_request_bytes(teacher_client, classroom):
    # 0xFF bytes are "////" in standard base64, which a browser sends as "%2F%2F%2F%2F": the
    # confirm request of this file would be about 4 MB. URL-safe base64 keeps it at 4/3.
    rows = [f"Student {i}".encode() + b"," + b"\xff" * 2_150 for i in range(450)]
    data = b"Name,Notes\r\n" + b"\r\n".join(rows) + b"\r\n"
    assert 950_000 < len(data) < 1_000_000
    response = teacher_client.post(reverse(IMPORT, args=[classroom.pk]), {"file": _upload(data)})
    assert response.status_code == 200
    body = urlencode({"data": response.context["confirm"].initial["data"]})  # as a browser sends
    assert len(body) < settings.MAX_REQUEST_BYTES
    confirm = reverse("roster_import_confirm", args=[classroom.pk])
    response = teacher_client.post(confirm, body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 302
    assert classroom.students.count() == 450
