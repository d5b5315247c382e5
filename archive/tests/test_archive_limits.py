"""Issue 16, limits: an archive nested deeper than any real one, larger than the limit or not UTF-8 is
refused with a sentence, by the command and by the page (it crashed with RecursionError before)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from archive.loading import ArchiveFileError, archive_loads, nesting_depth
from tournaments.limits import MAX_ARCHIVE_BYTES, MAX_ARCHIVE_DEPTH
from tournaments.models import Tournament

DEEP = b"[" * 200_000 + b"]" * 200_000


def test_nesting_depth_skips_brackets_inside_strings():
    assert nesting_depth('{"a": [1, {"b": "[[[[{{{{"}]}') == 3
    assert nesting_depth('"\\"[[["') == 0
    assert nesting_depth("[]") == 1


def test_depth_at_the_limit_is_read_and_one_more_is_refused():
    at_limit = b"[" * MAX_ARCHIVE_DEPTH + b"]" * MAX_ARCHIVE_DEPTH
    assert archive_loads(at_limit) is not None
    with pytest.raises(ArchiveFileError, match=f"{MAX_ARCHIVE_DEPTH + 1} levels deep"):
        archive_loads(b"[" + at_limit + b"]")


def test_size_and_encoding_limits():
    with pytest.raises(ArchiveFileError, match="larger than 20 MB"):
        archive_loads(b" " * (MAX_ARCHIVE_BYTES + 1))
    with pytest.raises(ArchiveFileError, match="not UTF-8"):
        archive_loads('{"name": "Jürgen"}'.encode("latin-1"))
    with pytest.raises(ArchiveFileError, match="not valid JSON"):
        archive_loads(b"{not json")
    assert archive_loads('\ufeff{"name": "Jürgen"}'.encode()) == {"name": "Jürgen"}


@pytest.mark.django_db
def test_import_tournament_refuses_deep_nesting_with_a_sentence(tmp_path):
    path = tmp_path / "deep.json"
    path.write_bytes(DEEP)
    with pytest.raises(CommandError, match="200000 levels deep; an archive needs at most"):
        call_command("import_tournament", str(path))
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_archive_page_refuses_deep_nesting(client_for, organizer):
    response = client_for(organizer).post(
        reverse("archive:import"),
        {"file": SimpleUploadedFile("deep.json", DEEP, content_type="application/json")},
    )
    assert response.status_code == 200
    assert "200000 levels deep" in response.content.decode()
    assert not Tournament.objects.exists()


# --- issue 28: what no database stores, and keys given twice, are refused with the field named ----------


@pytest.mark.parametrize("raw, field", [
    (b'{"tournament": {"name": "NUL\\u0000name"}}', "tournament.name"),
    (b'{"tournament": {"venue": "\\u0000"}}', "tournament.venue"),
    (b'{"tournament": {"name": "X\\ud800"}}', "tournament.name"),
    (b'{"teams": [{"name": "Beijing"}, {"name": "Beijing\\udfffRed"}]}', "teams[1].name"),
    (b'{"players": [{"na\\u0000me": "A"}]}', "players[0].na?me"),
])
def test_nul_bytes_and_lone_surrogates_are_refused_with_the_field(raw, field):
    with pytest.raises(ArchiveFileError) as caught:
        archive_loads(raw)
    assert f"“{field}”" in str(caught.value) and "NUL" in str(caught.value)


def test_a_key_given_twice_is_refused_with_the_field():
    with pytest.raises(ArchiveFileError, match="“tournament.name” twice"):
        archive_loads(b'{"tournament": {"name": "Dup A", "venue": "Hall", "name": "Dup B"}}')
    # A surrogate pair is a character like any other; the same key in two objects is no repetition.
    both = archive_loads(b'{"a": [{"name": "\\ud83c\\udc04"}, {"name": "x"}]}')
    assert both == {"a": [{"name": "🀄"}, {"name": "x"}]}


@pytest.mark.django_db
def test_the_archive_page_refuses_a_nul_byte_without_a_500(client_for, organizer):
    response = client_for(organizer).post(reverse("archive:import"), {"file": SimpleUploadedFile(
        "nul.json", b'{"tournament": {"name": "NUL\\u0000name"}}', content_type="application/json")})
    assert response.status_code == 200 and "tournament.name" in response.content.decode()
    assert not Tournament.objects.exists()
