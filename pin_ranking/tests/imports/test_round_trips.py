"""Every export of the register re-imports to the same rows (7.4 建立档案: the register's own files are results
files too): the ledger as CSV and as XLSX (its "Results" sheet), and a tournament's ranking report. Each earlier
registration is unregistered first, as the same results never count twice (4.1)."""

import datetime as dt

import pytest

from pin_ranking.imports.services import ExternalCompetition, results_file_import
from pin_ranking.ledger.exports import ledger_file
from pin_ranking.ledger.selectors import ledger_export
from pin_ranking.register.services import competition_register, competition_unregister
from pin_ranking.testing import finished_tournament
from reports.exports.files import ranking_csv
from tournaments.models import StandingsSnapshot

EVENT = ExternalCompetition(name="Baltic Open", level="regional", starts_on=dt.date(2026, 6, 6),
                            ends_on=dt.date(2026, 6, 7), sessions=6, chief_referee="Ieva Ozola", country="LV")
ROWS = [{"fid": f"LV-{n}", "name": f"Player {n}", "tp": (10 if n <= 30 else 6) * 12, "cp": 100 - n}
        for n in range(1, 41)]


def rows_of(competition) -> list:
    return sorted(competition.results.filter(superseded_at__isnull=True).values_list(
        "player__federation_id", "rank", "table_points", "contest_points", "country"))


@pytest.fixture
def registered(committee_member):
    tournament = finished_tournament(name="Baltic Open", rows=ROWS, sessions=6, starts_on=dt.date(2026, 6, 6))
    return tournament, competition_register(actor=committee_member, tournament=tournament, level="regional")


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_7_4_the_ledger_file_re_imports_to_the_same_rows(committee_member, registered, fmt):
    _tournament, first = registered
    content = ledger_file(ledger_export(), fmt)
    competition_unregister(actor=committee_member, competition=first, reason="re-imported from the ledger")
    again = results_file_import(actor=committee_member, filename=f"ledger.{fmt}", content=content, competition=EVENT)
    assert rows_of(again) == rows_of(first)
    assert again.digest == first.digest


def test_7_4_the_ranking_report_re_imports_to_the_same_rows_with_its_countries(committee_member, registered):
    tournament, first = registered
    content = ranking_csv(StandingsSnapshot.objects.filter(tournament=tournament).latest("version").data)
    competition_unregister(actor=committee_member, competition=first, reason="re-imported from the report")
    again = results_file_import(actor=committee_member, filename="ranking-report.csv", content=content,
                                competition=EVENT)
    assert [row[:4] for row in rows_of(again)] == [row[:4] for row in rows_of(first)]
    assert set(again.results.values_list("country", flat=True)) == {"CN"}  # country_iso, read


def test_7_4_an_earlier_registers_pins_come_in_from_its_file(committee_member, tmp_path):
    """The public register's export, with the holders' federation IDs added (the export leaves them out), enters an
    earlier register's Pins on a fresh server: the same numbers, Pins, tracks and dates; twice adds nothing."""
    import csv as csvlib
    import io

    from django.core.management import call_command
    from django.core.management.base import CommandError

    from pin_ranking.committee.selectors import pin_register_public
    from pin_ranking.ledger.exports import register_file
    from pin_ranking.models import Committee, PinAward
    from tournaments.models import Player

    world = Committee.objects.get(kind="world")
    holders = [Player.objects.create(name=f"Holder {n}", federation_id=f"EMA:{n:04d}", country="FR")
               for n in (1, 2)]
    for number, holder, pin in (("P2019-00007", holders[0], 5), ("Paper 88", holders[1], 8)):
        PinAward.objects.create(player=holder, track="pin", pin=pin, number=number, name=holder.name, country="FR",
                                committee=world, awarded_on=dt.date(2019, 5, 1), source="paper")
    exported = list(csvlib.DictReader(io.StringIO(register_file(pin_register_public(), "csv").decode("utf-8-sig"))))
    assert "federation_id" not in exported[0]  # the public export never carries it
    by_name = {holder.name: holder.federation_id for holder in holders}
    out = io.StringIO()
    writer = csvlib.DictWriter(out, [*exported[0], "federation_id"])
    writer.writeheader()
    writer.writerows({**row, "federation_id": by_name[row["name"]]} for row in exported)
    path = tmp_path / "register-2019.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    before = sorted(PinAward.objects.values_list("number", "track", "pin", "awarded_on", "player__federation_id"))
    PinAward.objects.all().delete()  # a fresh server
    call_command("pin_import_awards", str(path), stdout=io.StringIO())
    assert sorted(PinAward.objects.values_list("number", "track", "pin", "awarded_on", "player__federation_id")) == (
        before)
    assert set(PinAward.objects.values_list("source", flat=True)) == {"register"}
    with pytest.raises(CommandError):  # twice: every number is in the register already
        call_command("pin_import_awards", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert PinAward.objects.count() == 2
