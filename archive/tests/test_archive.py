"""The tournament archive: export, import (all or nothing, every problem located), standings export."""

import copy
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from archive.export import standings_export, tournament_export_archive
from archive.read import FORMAT, ArchiveInvalid
from archive.services import tournament_import_archive
from testing.archives import DELETE, MINIMAL, minimal, renamed
from testing.scenarios import win
from tournaments import extensions
from tournaments.models import AuditEvent, Hand, Player, Registration, ScoreSheet, Session, Tournament
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.standings.services import standings_recompute

# --- round trip --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_export_import_export_round_trips(played, organizer):
    first = tournament_export_archive(played)
    assert first["format"] == FORMAT
    assert [session["number"] for session in first["sessions"]] == [1, 2]
    declared = first["sessions"][1]["tables"][1]["hands"][0]
    assert declared["declared_fans"] == [49, 73, 76] and "tiles" not in declared and declared["discarder"] is None
    assert first["players"][0]["federation_id"] == "CN-0001"
    assert first["teams"][0]["leader"] == "1"

    imported = tournament_import_archive(actor=organizer, data=renamed(first, "Test Open (copy)"))
    standings_recompute(tournament_id=imported.pk)

    second = tournament_export_archive(imported)
    assert second["tournament"].pop("name") == "Test Open (copy)"
    first["tournament"].pop("name")
    assert second == first
    assert standings_export(imported) == standings_export(played)
    assert standings_export(imported, teams=True) == standings_export(played, teams=True)
    # The same federation ID is the same person: the player is reused, not duplicated.
    assert Player.objects.filter(federation_id="CN-0001").count() == 1
    assert Registration.objects.filter(player__federation_id="CN-0001").count() == 2
    assert set(ScoreSheet.objects.filter(session__tournament=imported).values_list("status", flat=True)) == {"locked"}
    for sheet in ScoreSheet.objects.filter(session__tournament=imported):  # the derived running totals
        hands = list(sheet.hands.all())
        assert sheet.totals == tuple(sum(hand.deltas[seat] for hand in hands) for seat in range(4))
        assert sheet.hand_count == len(hands)
    assert AuditEvent.objects.filter(action="tournament.imported", tournament=imported).count() == 1


@pytest.mark.django_db
def test_a_leader_who_is_not_a_player_of_the_team_is_written_as_none(played, organizer, registrations):
    """Data from before leaders followed moves: the team still points at a player of another team."""
    leader = next(r for r in registrations if r.entry_number == 1)
    Registration.objects.filter(pk=leader.pk).update(team=played.teams.get(name="Team 2"))
    data = tournament_export_archive(played)
    assert data["teams"][0]["name"] == "Team 1" and data["teams"][0]["leader"] is None
    copy = tournament_import_archive(actor=organizer, data=renamed(data, "Copy"))
    assert copy.teams.get(name="Team 1").leader is None


@pytest.mark.django_db
def test_a_leader_moved_to_another_team_leads_the_old_one_no_more(played, organizer, registrations):
    from tournaments.core.services import registration_update

    leader = next(r for r in registrations if r.entry_number == 1)
    player = leader.player
    registration_update(
        actor=organizer, registration=leader, name=player.name, name_local=player.name_local,
        federation_id=player.federation_id, team=played.teams.get(name="Team 2"),
    )
    assert played.teams.get(name="Team 1").leader is None
    event = AuditEvent.objects.get(action="team.leader_cleared")
    assert event.detail == {"team": "Team 1", "entry": 1}
    tournament_import_archive(actor=organizer, data=renamed(tournament_export_archive(played), "Copy"))


@pytest.mark.django_db
def test_round_trip_through_the_commands(played, tmp_path):
    path = tmp_path / "archive.json"
    call_command("export_tournament", str(played.pk), "-o", str(path), stdout=io.StringIO())
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(renamed(data, "Copy Open"), ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    call_command("import_tournament", str(path), stdout=out)
    assert "Imported “Copy Open”" in out.getvalue()

    def standings(reference, *extra):
        out = io.StringIO()
        call_command("export_standings", reference, "--format", "json", *extra, stdout=out)
        return json.loads(out.getvalue())

    assert standings("Copy Open") == standings(str(played.pk))
    assert standings("Copy Open", "--teams") == standings("Test Open", "--teams")
    again = io.StringIO()
    call_command("export_tournament", "Copy Open", stdout=again)
    assert renamed(json.loads(again.getvalue()), "x") == renamed(data, "x")


# --- the minimal format ------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_minimal_example_imports(tmp_path):
    path = tmp_path / "demo.json"
    path.write_text(json.dumps(MINIMAL, ensure_ascii=False), encoding="utf-8")
    call_command("import_tournament", str(path), stdout=io.StringIO())
    tournament = Tournament.objects.get(name="Demo Open")
    assert tournament.rules == "green_book" and tournament.planned_sessions == 6
    assert tournament.starts_on == tournament.ends_on  # today, by default
    assert tournament.status == Tournament.Status.RUNNING  # five sessions still to play
    assert tournament.sessions.get(number=1).status == Session.Status.FINISHED
    assert tournament.teams.get().leader.entry_number == 12
    hands = list(Hand.objects.filter(sheet__session__tournament=tournament).order_by("number"))
    assert [(h.result, h.winner, h.discarder, h.total, h.verified) for h in hands] == [
        ("win", 1, 2, 8, True),
        ("draw", None, None, 0, False),
    ]
    assert hands[0].deltas == (-8, 32, -16, -8)
    assert ScoreSheet.objects.get(session__tournament=tournament).ended_by_time is True  # 2 of 16 hands
    out = io.StringIO()
    call_command("export_standings", "Demo Open", "--format", "json", stdout=out)
    assert json.loads(out.getvalue()) == [
        {"rank": 1, "entry": "7", "name": "Bo Li", "team": None, "table_points": 4, "contest_points": 32},
        {"rank": 2, "entry": "12", "name": "Ana García", "team": "Madrid", "table_points": 1.5, "contest_points": -8},
        {"rank": 2, "entry": "41", "name": "Dan Weber", "team": None, "table_points": 1.5, "contest_points": -8},
        {"rank": 4, "entry": "33", "name": "Chiho Sato", "team": None, "table_points": 0, "contest_points": -16},
    ]
    out = io.StringIO()
    call_command("export_standings", "Demo Open", "--teams", stdout=out)
    assert json.loads(out.getvalue()) == [{"rank": 1, "team": "Madrid", "table_points": 1.5, "contest_points": -8}]


@pytest.mark.django_db
def test_optional_extras_are_kept(organizer):
    data = minimal(
        tournament__venue="Palacio", tournament__starts_on="2026-03-01", tournament__ends_on="2026-03-02",
        tournament__tiebreaks=["best_session"], tournament__deductions_count_for_ranking=False,
        tournament__final_ranking="finalists_first",
        players__1__name_local="李博", players__1__federation_id="CN-77", players__1__group="关东团体",
        sessions__0__tables__0__ended_by_time=False, sessions__0__qualifiers=["41", "7", "12", "33"],
    )
    data["sessions"][0]["tables"][0]["hands"][1] = {
        "number": 2, "result": "win", "winner": "41", "discarder": None, "declared_fans": [49, 73, 76], "flowers": 1,
    }
    tournament = tournament_import_archive(actor=organizer, data=data)
    exported = tournament_export_archive(tournament)
    # Keys other apps add through the archive seam (penalties' "penalty_policy") are theirs to test.
    added = {section.key for section in extensions.tournament_archive_sections()}
    assert {key: value for key, value in exported["tournament"].items() if key not in added} == {
        "name": "Demo Open", "rules": "green_book", "sessions": 6, "venue": "Palacio", "starts_on": "2026-03-01",
        "ends_on": "2026-03-02", "session_minutes": 150, "tiebreaks": ["best_session"],
        "deductions_count_for_ranking": False, "scoring_mode": "electronic", "final_ranking": "finalists_first",
    }
    bo = next(p for p in exported["players"] if p["entry"] == "7")
    assert (bo["name_local"], bo["federation_id"], bo["group"]) == ("李博", "CN-77", "关东团体")
    # 3.5.4: the session of qualifiers keeps them; 3.5.3: the group is made from the players' names of it.
    assert exported["sessions"][0]["qualifiers"] == ["7", "12", "33", "41"]
    assert list(tournament.groups.values_list("name", flat=True)) == ["关东团体"]
    table = exported["sessions"][0]["tables"][0]
    assert table["ended_by_time"] is False
    assert table["hands"][1] == {
        "number": 2, "result": "win", "winner": "41", "discarder": None, "declared_fans": [49, 73, 76],
        "flowers": 1, "last_of_kind": False, "last_wall_tile": False, "kong_replacement": False, "robbing_kong": False,
    }
    # The organizer who imported it runs it.
    assert tournament.memberships.get().user == organizer


@pytest.mark.django_db
def test_unknown_keys_are_ignored_and_empty_penalties_accepted(organizer):
    data = minimal(sessions__0__tables__0__penalties=[], sessions__0__tables__0__referee="Zhang")
    data["generator"] = "another system 2.1"
    assert tournament_import_archive(actor=organizer, data=data).name == "Demo Open"


# --- rejections --------------------------------------------------------------------------------


def _hand1(**changes):
    hand = copy.deepcopy(MINIMAL["sessions"][0]["tables"][0]["hands"][0])
    hand.update(changes)
    return hand


REJECTIONS = [
    ({"format": "mcr-tournament-archive/2"}, "Archive: This is not a tournament archive"),
    ({"tournament__rules": "riichi"}, "Tournament: Unknown rules “riichi”"),
    ({"players__1__entry": "12"}, "Player 12: Entry number 12 is listed twice."),
    ({"players__1__team": "Tokyo"}, "Player 7: Unknown team “Tokyo”"),
    ({"teams__0__leader": "7"}, "Team “Madrid”: The leader 7 is not a player of this team."),
    ({"sessions__0__tables__0__seats": ["12", "7", "33", "99"]},
     "Session 1, table 1: Seat 99 names an entry that is not among the players."),
    ({"sessions__0__tables__0__seats": ["12", "7", "33"]}, "Session 1, table 1: A table needs exactly four seats"),
    ({"sessions__0__tables__0__hands__1": {"number": 3, "result": "draw"}},
     "Session 1, table 1, hand 2: Hands must be numbered 1, 2, 3, … in order: this one should be 2, not 3."),
    ({"sessions__0__tables__0__hands__0": _hand1(winner="99")},
     "Session 1, table 1, hand 1: The winner 99 does not sit at this table."),
    ({"sessions__0__tables__0__hands__0": _hand1(discarder="5")},
     "Session 1, table 1, hand 1: The discarder 5 does not sit at this table."),
    ({"sessions__0__tables__0__hands__0": _hand1(tiles="12x")},
     "Session 1, table 1, hand 1: Unreadable character 'x' at position 2."),
    ({"sessions__0__tables__0__hands__0": _hand1(tiles="123m456m789m12p55s+7p")},
     "Session 1, table 1, hand 1: This is not a complete winning hand (rule 3.7.2)."),
    ({"sessions__0__tables__0__hands__0": _hand1(tiles="[123m][345m]678p56sWW+7s", discarder=None, winner="41",
                                                  robbing_kong=True)},
     "Session 1, table 1, hand 1: Robbing a kong is a win on another player's tile"),
    ({"sessions__0__tables__0__penalties": [{"seat": "7", "points": -10}]},
     "Session 1, table 1: Penalty 1: unknown foul"),
    ({"sessions__0__tables__0__penalties": [{"foul": "violation", "offender": "99", "hand": 1, "points": 15}]},
     "Session 1, table 1: Penalty 1: the offender does not sit at this table."),
    ({"sessions__0__number": 7}, "Session 7: The tournament has 6 sessions"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("changes, expected", REJECTIONS)
def test_bad_archives_are_refused_whole_with_the_place_of_each_problem(organizer, changes, expected):
    before = (Tournament.objects.count(), Player.objects.count(), AuditEvent.objects.count())
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=minimal(**changes))
    texts = [str(problem) for problem in caught.value.problems]
    assert any(text.startswith(expected) for text in texts), texts
    assert (Tournament.objects.count(), Player.objects.count(), AuditEvent.objects.count()) == before


@pytest.mark.django_db
def test_a_hand_below_eight_points_names_its_points(organizer):
    data = minimal(sessions__0__tables__0__hands__0=_hand1(tiles="[123m][456m][789p]11s23s+4s"))
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=data)
    (problem,) = caught.value.problems
    assert (problem.session, problem.table, problem.hand) == (1, 1, 1)
    assert "a win needs at least 8 (rule 3.9.1.1)" in problem.message


@pytest.mark.django_db
def test_a_player_seated_twice_in_a_session(organizer):
    data = minimal()
    data["players"] += [{"entry": str(n), "name": f"P{n}"} for n in (1, 2, 3)]
    data["sessions"][0]["tables"].append({"number": 2, "seats": ["1", "2", "3", "7"], "hands": []})
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=data)
    assert [str(p) for p in caught.value.problems] == ["Session 1, table 2: Entry 7 is seated twice in this session."]


@pytest.mark.django_db
def test_an_existing_name_is_refused(organizer):
    tournament_import_archive(actor=organizer, data=minimal())
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=minimal())
    assert [str(p) for p in caught.value.problems] == [
        "Tournament: A tournament named “Demo Open” already exists: rename it in the file."
    ]
    assert Tournament.objects.filter(name="Demo Open").count() == 1


@pytest.mark.django_db
def test_every_problem_is_listed_not_just_the_first(organizer, tmp_path):
    data = minimal(tournament__rules="riichi", players__2__entry="12")
    data["sessions"][0]["tables"][0]["hands"] = [
        _hand1(tiles="12x"),
        {"number": 2, "result": "draw"},
        _hand1(number=3, winner="99"),
        {"number": 5, "result": "tie"},
    ]
    data["sessions"].append({"number": 2, "tables": [{"number": 1, "seats": ["12", "7"], "hands": []}]})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError, match="nothing was imported"):
        call_command("import_tournament", str(path), stdout=io.StringIO(), stderr=err)
    lines = err.getvalue().splitlines()
    assert lines == [
        "Tournament: Unknown rules “riichi”: use green_book, common_practice or elementary.",
        "Player 12: Entry number 12 is listed twice.",
        "Session 1, table 1: Seat 33 names an entry that is not among the players.",
        # Hand 1's tiles are not read: without known rules the engine cannot score them.
        "Session 1, table 1, hand 3: The winner 99 does not sit at this table.",
        "Session 1, table 1, hand 4: Hands must be numbered 1, 2, 3, … in order: this one should be 4, not 5.",
        "Session 1, table 1, hand 4: A hand is a win or a draw.",
        "Session 2, table 1: A table needs exactly four seats: East, South, West, North (rule 3.5.2).",
    ]
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_unreadable_files_are_errors(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="not valid JSON"):
        call_command("import_tournament", str(path))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_tournament", str(tmp_path / "missing.json"))


# --- standings export --------------------------------------------------------------------------


@pytest.mark.django_db
def test_export_standings_json_with_fractions_and_ties(played):
    out = io.StringIO()
    call_command("export_standings", "Test Open", "--format", "json", stdout=out)
    rows = json.loads(out.getvalue())
    assert [set(row) for row in rows] == [{"rank", "entry", "name", "team", "table_points", "contest_points"}] * 12
    assert [(row["rank"], row["entry"], row["table_points"]) for row in rows] == [
        (1, "1", 6.333333),  # 7/3 + 4
        (2, "11", 5.75),  # 1.75 + 4
        (3, "5", 5),  # 4 + 1
        (4, "4", 4),  # 0 + 4
        (5, "3", 3.333333),  # 7/3 + 1, tied with entry 2 on table points: contest points decide
        (6, "2", 3.333333),
        (7, "12", 3.25),  # 1.75 + 1.5
        (8, "8", 3),  # 1.5 + 1.5
        (9, "10", 2.75),  # 1.75 + 1, paid less in session 2 than entry 9
        (10, "9", 2.75),
        (11, "7", 1.5),  # 1.5 + 0
        (12, "6", 1),  # 0 + 1
    ]
    assert rows[0] == {
        "rank": 1, "entry": "1", "name": "Player 1", "team": "Team 1", "table_points": 6.333333,
        "contest_points": rows[0]["contest_points"],
    }
    assert rows[4]["contest_points"] > rows[5]["contest_points"]
    assert rows[8]["contest_points"] > rows[9]["contest_points"]
    out = io.StringIO()
    call_command("export_standings", str(played.pk), "--teams", stdout=out)
    assert json.loads(out.getvalue()) == [
        {"rank": 1, "team": "Team 1", "table_points": 17, "contest_points": rows_sum(rows, "Team 1")},
        {"rank": 2, "team": "Team 3", "table_points": 14.5, "contest_points": rows_sum(rows, "Team 3")},
        {"rank": 3, "team": "Team 2", "table_points": 10.5, "contest_points": rows_sum(rows, "Team 2")},
    ]


def rows_sum(rows, team):
    return sum(row["contest_points"] for row in rows if row["team"] == team)


@pytest.mark.django_db
def test_contest_points_are_the_session_scores(played):
    rows = {row["entry"]: row for row in standings_export(played)}
    # Entry 1: +16 in session 1 (three wins of 8, paying 8 twice), +105 self-drawn 25 + 2 flowers.
    assert rows["1"]["contest_points"] == 16 + 105
    # Entry 7: 8 + 8 paid as discarder's table-mate in session 1 (-8), discarder in session 2 (-16).
    assert rows["7"]["contest_points"] == -8 - 16


@pytest.mark.django_db
@pytest.mark.parametrize("command", ["export_standings", "export_tournament"])
def test_an_unknown_tournament_is_an_error(tournament, command):
    with pytest.raises(CommandError, match="No tournament has the id or name “Nope”"):
        call_command(command, "Nope", stdout=io.StringIO())
    with pytest.raises(CommandError, match="No tournament"):
        call_command(command, "987654", stdout=io.StringIO())


@pytest.mark.django_db
def test_lookup_by_id_and_by_name(tournament, registrations):
    by_id, by_name = io.StringIO(), io.StringIO()
    call_command("export_standings", str(tournament.pk), stdout=by_id)
    call_command("export_standings", "Test Open", stdout=by_name)
    assert json.loads(by_id.getvalue()) == json.loads(by_name.getvalue())
    # No sheet is signed yet: everyone at zero, all tied first; not an empty list.
    assert len(json.loads(by_id.getvalue())) == 12
    assert {row["rank"] for row in json.loads(by_id.getvalue())} == {1}


@pytest.mark.django_db
def test_same_named_tournaments_need_the_id(tournament, organizer):
    import datetime as dt

    from tournaments.core.services import tournament_create

    day = dt.date(2027, 1, 1)
    other = tournament_create(actor=organizer, name="Test Open", starts_on=day, ends_on=day)
    with pytest.raises(CommandError, match="give the id"):
        call_command("export_standings", "Test Open", stdout=io.StringIO())
    call_command("export_standings", str(other.pk), stdout=io.StringIO())


@pytest.mark.django_db
def test_engine_problems_of_several_hands_and_tables_are_all_listed(organizer):
    data = minimal()
    data["players"] += [{"entry": str(n), "name": f"P{n}"} for n in (1, 2, 3, 4)]
    data["sessions"][0]["tables"][0]["hands"] = [
        _hand1(tiles="12x"),
        _hand1(number=2, tiles="[123m][456m][789p]11s23s+4s"),
        _hand1(number=3, winner="7", discarder="7"),
    ]
    data["sessions"][0]["tables"].append(
        {"number": 2, "seats": ["1", "2", "3", "4"], "hands": [
            {"number": 1, "result": "win", "winner": "1", "discarder": "2", "declared_fans": [1, 38]},
        ]}
    )
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=data)
    assert [(p.session, p.table, p.hand) for p in caught.value.problems] == [(1, 1, 1), (1, 1, 2), (1, 1, 3), (1, 2, 1)]
    assert caught.value.problems[2].message == "The discarder must be one of the three other players."
    assert "Fan 1 already includes fan 38" in caught.value.problems[3].message
    assert not Tournament.objects.exists()


GARBAGE = [
    ([], "Archive: The archive must be a JSON object."),
    ({"format": FORMAT}, "Tournament: “tournament” must be an object"),
    (minimal(players="everyone"), "Archive: “players” must be a list."),
    (minimal(players__0=["12"]), "Player at position 1: A player must be an object"),
    (minimal(players__3__entry="forty-one"), "Player at position 4: “entry” must be an entry number"),
    (minimal(players__3__entry=99999999999), "Player at position 4: “entry” must be an entry number"),
    (minimal(players__1__team=["Madrid"]), "Player 7: Unknown team"),
    (minimal(tournament__sessions=5), "Tournament: “sessions” must be a whole number from 6"),
    (minimal(tournament__starts_on="1 May"), "Tournament: “starts_on” must be a date"),
    (minimal(tournament__starts_on="2026-05-02", tournament__ends_on="2026-05-01"), "Tournament: The last day"),
    (minimal(tournament__tiebreaks=["coin_toss"]), "Tournament: “tiebreaks” must be a list"),
    (minimal(tournament__name=""), "Tournament: “name” is required."),
    (minimal(sessions__0__number="one"), "Session at position 1: “number” must be a whole number"),
    (minimal(sessions__0__tables="T1"), "Session 1: “tables” must be a list."),
    (minimal(sessions__0__tables__0__number=0), "Session 1, table at position 1: “number” must be a whole number"),
    (minimal(sessions__0__tables__0__hands=[1, 2]), "Session 1, table 1, hand 1: A hand must be an object"),
    (minimal(sessions__0__tables__0__hands__0=_hand1(flowers="2")), "Session 1, table 1, hand 1: Flowers must be"),
    (minimal(sessions__0__tables__0__hands__0=_hand1(flowers=9)), "Session 1, table 1, hand 1: Flowers must be"),
    (minimal(sessions__0__tables__0__hands__0=_hand1(robbing_kong="no")), "Session 1, table 1, hand 1: “robbing_kong”"),
    (minimal(sessions__0__tables__0__hands__0=_hand1(tiles=None)), "Session 1, table 1, hand 1: Enter the winning"),
    (minimal(sessions__0__tables__0__hands__0=_hand1(winner=None)), "Session 1, table 1, hand 1: Choose the winner."),
    (minimal(sessions__0__tables__0__ended_by_time="yes"), "Session 1, table 1: “ended_by_time” must be true"),
    (minimal(sessions__0__tables__0__seats=["12", "7", "33", "33"]), "Session 1, table 1: Entry 33 is seated twice"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("data, expected", GARBAGE)
def test_malformed_archives_get_a_message_not_a_crash(organizer, data, expected):
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=data)
    texts = [str(problem) for problem in caught.value.problems]
    assert any(text.startswith(expected) for text in texts), texts
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_a_roster_without_sessions_imports(organizer):
    data = minimal(sessions=DELETE)
    tournament = tournament_import_archive(actor=organizer, data=data)
    assert tournament.registrations.count() == 4
    assert tournament.status == Tournament.Status.DRAFT
    assert tournament_export_archive(tournament)["sessions"] == []


@pytest.mark.django_db
def test_export_warns_about_unsigned_sheets_and_penalty_points(sheet, referee, swap_seam):
    from tournaments import extensions

    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry.from_mapping(win(0, 1)))
    out, err = io.StringIO(), io.StringIO()
    call_command("export_tournament", "Test Open", stdout=out, stderr=err)
    assert "3 score sheet(s) are not signed yet" in err.getvalue()
    exported = json.loads(out.getvalue())
    assert [len(table["hands"]) for table in exported["sessions"][0]["tables"]] == [1, 0, 0]

    def provider(sheet_ids):
        return {sheet.pk: {0: extensions.SeatAdjustment(deductions=10)}}

    # An app that adjusts scores without an archive section of its own: the export cannot carry it.
    swap_seam(extensions.seams.sheet_adjustments, provider)
    swap_seam(extensions.seams.table_archive_sections)
    err = io.StringIO()
    call_command("export_tournament", "Test Open", stdout=io.StringIO(), stderr=err)
    assert "1 score sheet(s) have penalty points" in err.getvalue()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_imports_of_one_name_at_once_make_one_tournament(organizer):
    from django.db import connection

    from testing.concurrency import race

    assert connection.vendor == "postgresql"
    outcomes = race(3, lambda i: tournament_import_archive(actor=organizer, data=minimal()))
    assert sum(isinstance(o, Tournament) for o in outcomes) == 1, outcomes
    refused = [o for o in outcomes if isinstance(o, ArchiveInvalid)]
    assert len(refused) == 2, outcomes
    assert all("already exists" in str(o.problems[0]) for o in refused)
    assert Tournament.objects.filter(name="Demo Open").count() == 1


@pytest.mark.django_db
def test_3_9_1_4_a_declared_scoring_tournament_keeps_its_mode_and_declared_fans(organizer):
    data = minimal(tournament__scoring_mode="declared")
    data["sessions"][0]["tables"][0]["hands"][0]["declared_fans"] = [43]
    tournament = tournament_import_archive(actor=organizer, data=data)
    assert tournament.scoring_mode == "declared"
    hand = Hand.objects.get(sheet__session__tournament=tournament, number=1)
    assert (hand.declared_fans, hand.fan_points, hand.verified) == ([43], 8, True)
    exported = tournament_export_archive(tournament)
    assert exported["tournament"]["scoring_mode"] == "declared"
    assert exported["sessions"][0]["tables"][0]["hands"][0]["declared_fans"] == [43]


@pytest.mark.django_db
def test_3_9_1_4_an_archive_checks_declared_fans_against_the_tiles(organizer):
    data = minimal(tournament__scoring_mode="declared")
    data["sessions"][0]["tables"][0]["hands"][0]["declared_fans"] = [22]  # no Full Flush in a chicken hand
    with pytest.raises(ArchiveInvalid) as excinfo:
        tournament_import_archive(actor=organizer, data=data)
    assert any("22 Full Flush" in str(problem) for problem in excinfo.value.problems)
    bad = minimal(tournament__scoring_mode="by ear")
    with pytest.raises(ArchiveInvalid) as excinfo:
        tournament_import_archive(actor=organizer, data=bad)
    assert any("scoring mode" in str(problem) for problem in excinfo.value.problems)


@pytest.mark.django_db
def test_3_5_3_and_3_5_4_archive_groups_cut_and_final_ranking_are_checked(organizer):
    data = minimal(
        tournament__final_ranking="best_of_three",
        players__1__group="x" * 201,
        sessions__0__qualifiers=["7", "12", "33", "99"],
    )
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=data)
    messages = [str(problem) for problem in caught.value.problems]
    assert any("“final_ranking” must be one of: cumulative, finalists_first." in m for m in messages), messages
    assert any("“group” must be text of at most 200 characters." in m for m in messages), messages
    assert any("“qualifiers” must list entry numbers of the players." in m for m in messages), messages
    data = minimal(sessions__0__qualifiers=["7", "12", "33"])
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=data)
    assert "Entries 41 are seated but not among the session's qualifiers." in str(caught.value.problems)
    assert not Tournament.objects.filter(name="Demo Open").exists()
