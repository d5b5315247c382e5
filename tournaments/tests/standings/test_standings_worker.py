"""Signing a sheet recomputes the standings in a real Celery worker on the real Redis."""

import time

import pytest

from testing.scenarios import CHICKEN, win
from tournaments.models import StandingsSnapshot, Tournament
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

# The real broker (a worker, a ping, or a publish): one xdist process runs these in turn (conftest.py).
pytestmark = pytest.mark.xdist_group("broker")


@pytest.mark.worker
def test_a_locked_sheet_gives_a_new_standings_version(live_celery_worker, referee, sheet, pins):
    tournament = sheet.session.tournament
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry.from_mapping(win(0, 1, CHICKEN))
    )
    sheet = sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=2)
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry])
    assert tournament.standings_version == 0
    sheet_services.sheet_sign(actor=referee, sheet=sheet)  # committed: the task is on its way to Redis
    deadline = time.monotonic() + 60
    while not StandingsSnapshot.objects.filter(tournament=tournament).exists():
        assert time.monotonic() < deadline, "the worker did not store new standings in 60 s"
        assert live_celery_worker.poll() is None, "the worker died"
        time.sleep(0.2)
    snapshot = StandingsSnapshot.objects.get(tournament=tournament)
    assert snapshot.version == Tournament.objects.get(pk=tournament.pk).standings_version == 1
    rows = {row["entry"]: row for row in snapshot.data["individuals"]}
    assert (rows[1]["table_points"], rows[1]["contest_points"], rows[1]["rank"]) == (48, 32, 1)
