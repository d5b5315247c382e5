"""A short day through a client generated from the app's own schema by openapi-python-client, a generator nobody
here wrote: what a third party building a tablet or a player app would do. No hand-written HTTP: every call is a
generated operation, every answer parsed into the generated models (a required field missing from an answer would
raise there), and an undocumented status raises (`raise_on_unexpected_status`).

The generator runs with `--fail-on-warning`: a schema it cannot read whole fails this test."""

import importlib
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest

from testing.fixtures import PASSWORD

PACKAGE = "mcr_client"
CONFIG = f"post_hooks: []\npackage_name_override: {PACKAGE}\n"


@pytest.fixture
def generated(live_server, tmp_path):
    """The client, generated from the live server's schema into a scratch directory and imported from there."""
    schema = httpx.get(f"{live_server.url}/api/schema/?format=json", timeout=120)  # built on a busy machine
    schema.raise_for_status()
    (tmp_path / "schema.json").write_bytes(schema.content)
    (tmp_path / "config.yaml").write_text(CONFIG)
    generator = Path(sys.executable).with_name("openapi-python-client")
    run = subprocess.run(
        [generator, "generate", "--path", "schema.json", "--config", "config.yaml", "--meta", "none",
         "--output-path", PACKAGE, "--fail-on-warning"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    sys.path.insert(0, str(tmp_path))
    try:
        yield lambda name: importlib.import_module(f"{PACKAGE}.{name}")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name == PACKAGE or name.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


def test_a_short_day_through_a_generated_client(generated, live_server, published, referee, player_user, sheet):
    client_module, models = generated("client"), generated("models")
    api = lambda operation: generated(f"api.{operation}")  # noqa: E731
    anonymous = client_module.Client(base_url=live_server.url, raise_on_unexpected_status=True)

    def sign_in(username: str, device: str):
        made = api("auth.auth_token_create").sync(
            client=anonymous, body=models.LoginInput(username=username, password=PASSWORD, device=device))
        assert isinstance(made, models.TokenMadeOutput) and made.device == device, made
        return made, client_module.AuthenticatedClient(base_url=live_server.url, token=made.token,
                                                       raise_on_unexpected_status=True)

    # The referee's tablet signs in by token and finds its table.
    _made, tablet = sign_in("referee", "table 1 tablet")
    tables = api("me.my_tables").sync(client=tablet)
    mine = [row for row in tables if row.tournament == published.pk and row.table == 1]
    assert [row.sheet for row in mine] == [sheet.pk]
    sessions = api("tournaments.tournament_sessions").sync(published.pk, client=tablet)
    assert mine[0].session_id in [session.id for session in sessions]

    # It records a hand (a win on a discard) and, the network dropping, sends it again with the same key.
    hand = models.HandInput(number=1, result=models.ResultEnum.WIN, winner=0, discarder=1,
                            tiles="123456789m123p5p+5p", client_key=uuid.uuid4())
    recorded = api("sheets.sheets_hands_create").sync_detailed(sheet.pk, client=tablet, body=hand)
    assert recorded.status_code == 201 and isinstance(recorded.parsed, models.HandRecordedOutput)
    assert recorded.parsed.result is models.ResultEnum.WIN and recorded.parsed.fan_points >= 8
    assert all(isinstance(fan, models.FanCountOutput) for fan in recorded.parsed.fans)
    assert sum(recorded.parsed.deltas) == 0
    again = api("sheets.sheets_hands_create").sync_detailed(sheet.pk, client=tablet, body=hand)
    assert again.status_code == 200 and again.parsed.to_dict() == recorded.parsed.to_dict()

    # It reads the sheet back: the same hand, once, with the sheet's links back.
    read = api("sheets.sheets_retrieve").sync(sheet.pk, client=tablet)
    assert isinstance(read, models.SheetOutput), read
    assert (read.tournament, read.session_id, read.referee, read.status) == (
        published.pk, mine[0].session_id, "referee", models.SheetStatusEnum.OPEN)
    assert [h.number for h in read.hands] == [1] and read.hands[0].result is models.ResultEnum.WIN
    assert [(f.number, f.count) for f in read.hands[0].fans] == [(f.number, f.count) for f in recorded.parsed.fans]
    assert read.totals == recorded.parsed.sheet_totals and read.next_number == 2
    assert isinstance(read.next_hand.prevalent, models.WindEnum)

    # A player, on their phone, reads their own table's sheet.
    _made, phone = sign_in("player", "phone")
    assert [row.sheet for row in api("me.my_sheets").sync(client=phone)] == [sheet.pk]
    assert api("sheets.sheets_retrieve").sync(sheet.pk, client=phone).hands[0].number == 1
    seats = api("me.my_seats").sync(client=phone)
    assert [(seat.tournament, seat.table) for seat in seats] == [(published.pk, 1)]

    # Anyone reads the tournament and its standings.
    tournaments = api("tournaments.tournaments_list").sync(client=anonymous)
    assert [t.status for t in tournaments if t.id == published.pk] == [models.TournamentStatusEnum.RUNNING]
    standings = api("tournaments.tournaments_standings_retrieve").sync(published.pk, client=anonymous)
    assert isinstance(standings, models.StandingsOutput), standings
    assert standings.final_ranking is models.FinalRankingEnum.CUMULATIVE

    # The tablet is handed back: its token revoked, the same client is refused, in the error shape.
    made, tablet = sign_in("referee", "spare tablet")
    assert api("auth.auth_token_revoke").sync_detailed(made.id, client=tablet).status_code == 204
    refused = api("me.my_tables").sync_detailed(client=tablet)
    assert refused.status_code == 403 and refused.parsed.errors[0].code == "not_authenticated"
