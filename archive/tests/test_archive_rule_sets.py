"""The archive and the score sheet's rules: a tournament under the elementary rules goes through the archive
with its rule set (scoring/READINGS.md E1-E9), an old archive reads as the full rules, and the sheets'
remarks (Appendix 5, 备注) go through it."""

import pytest

from archive.export import standings_export, tournament_export_archive
from archive.services import tournament_import_archive
from testing.archives import renamed
from testing.scenarios import play, seat, win
from tournaments.core import services as core_services
from tournaments.models import SHEET_REMARKS_MAX_LENGTH, Hand, ScoreSheet, Tournament
from tournaments.standings.services import standings_recompute

SIX = "[123m]234p34sNNN99s+5s"            # Mixed Shifted Chows: 6 (the full rules: 7 with the wind pung)
TWELVE = "[678m][789p]666s789s9s+9s"      # Upper Four: 12


@pytest.fixture
def elementary(tournament, organizer):
    return core_services.tournament_update(actor=organizer, tournament=tournament, rule_set="elementary")


@pytest.mark.django_db
def test_archive_round_trip_keeps_the_elementary_rules(elementary, registrations, organizer, referee, pins):
    session = elementary.sessions.get(number=1)
    seat(actor=organizer, session=session, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    play(actor=referee, session=session, hands={1: [win(2, 0, SIX), win(1, None, TWELVE)],
                                                2: [{"result": "win", "winner": 3, "discarder": 1,
                                                     "declared_fans": [51]}]})
    standings_recompute(tournament_id=elementary.pk)
    first = tournament_export_archive(elementary)
    assert (first["tournament"]["rules"], first["tournament"]["reading"]) == ("elementary", "green_book")
    imported = tournament_import_archive(actor=organizer, data=renamed(first, "Beginners (copy)"))
    assert (imported.rule_set, imported.rules) == ("elementary", "green_book")
    standings_recompute(tournament_id=imported.pk)
    second = tournament_export_archive(imported)
    second["tournament"].pop("name"), first["tournament"].pop("name")
    assert second == first
    assert standings_export(imported) == standings_export(elementary)
    deltas = sorted(h.deltas for h in Hand.objects.filter(sheet__session__tournament=imported))
    assert deltas == sorted([(-6, 0, 6, 0), (-12, 36, -12, -12), (0, -6, 0, 6)])


@pytest.mark.django_db
def test_an_old_archive_still_reads_as_the_full_rules(organizer):
    from testing.archives import MINIMAL

    imported = tournament_import_archive(actor=organizer, data=MINIMAL)
    assert (imported.rule_set, imported.rules) == ("full", "green_book")


@pytest.mark.django_db
def test_a_full_rules_archive_is_written_as_before(played):
    data = tournament_export_archive(played)
    assert data["tournament"]["rules"] == "green_book" and "reading" not in data["tournament"]


@pytest.mark.django_db
def test_an_elementary_archive_with_a_hand_under_six_is_refused_whole(organizer):
    from archive.read import ArchiveInvalid
    from testing.archives import minimal

    data = minimal(tournament__rules="elementary")  # MINIMAL's Chicken Hand: 0 points here
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=data)
    assert any("elementary rules needs at least 6" in str(problem) for problem in caught.value.problems)
    assert not Tournament.objects.filter(name="Demo Open").exists()
    bad = minimal(tournament__rules="elementary", tournament__reading="house")
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=bad)
    assert any("Unknown reading" in str(problem) for problem in caught.value.problems)


@pytest.mark.django_db
def test_appendix_5_remarks_go_through_the_archive_and_bad_ones_are_refused(played, organizer):
    from archive.export import tournament_export_archive
    from archive.read import ArchiveInvalid
    from archive.services import tournament_import_archive
    from testing.archives import minimal, renamed

    ScoreSheet.objects.filter(session__tournament=played, session__number=1, table__number=2).update(
        remarks="Entry 6 left for 5 minutes."
    )
    data = tournament_export_archive(played)
    tables = data["sessions"][0]["tables"]
    assert tables[1]["remarks"] == "Entry 6 left for 5 minutes." and "remarks" not in tables[0]
    copy = tournament_import_archive(actor=organizer, data=renamed(data, "Copy"))
    assert ScoreSheet.objects.get(session__tournament=copy, session__number=1, table__number=2).remarks == (
        "Entry 6 left for 5 minutes."
    )
    for bad in (5, "x" * (SHEET_REMARKS_MAX_LENGTH + 1)):
        with pytest.raises(ArchiveInvalid) as caught:
            tournament_import_archive(actor=organizer, data=minimal(sessions__0__tables__0__remarks=bad))
        assert [str(p) for p in caught.value.problems] == [
            "Session 1, table 1: “remarks” must be text of at most 500 characters."
        ]
