"""Penalties travel in the tournament archive, per table, and give the same standings."""

import pytest

from archive.export import standings_export, tournament_export_archive
from archive.read import ArchiveInvalid
from archive.services import tournament_import_archive
from penalties.models import Penalty
from penalties.services import penalty_record
from testing.archives import minimal, renamed
from tournaments.models import ScoreSheet
from tournaments.standings.services import standings_recompute


@pytest.fixture
def penalised(played, referee, registrations):
    sheet = ScoreSheet.objects.get(session__number=1, table__number=1)
    by_entry = {r.entry_number: r for r in registrations}
    penalty_record(actor=referee, sheet=sheet, foul="violation", offender=by_entry[1], hand_number=1, points=20)
    # Hand 1 (entry 2 won hand 2: a false win there is refused, 3.11.6.6).
    penalty_record(actor=referee, sheet=sheet, foul="false_win", offender=by_entry[2], hand_number=1)
    for _ in range(3):  # warning, 5, 10 (3.11.6.3)
        penalty_record(actor=referee, sheet=sheet, foul="empty_call", offender=by_entry[3], hand_number=3)
    penalty_record(actor=referee, sheet=sheet, foul="exposed_other_tiles", offender=by_entry[4], hand_number=1,
                   points=10, victim=by_entry[1])
    other = ScoreSheet.objects.get(session__number=2, table__number=3)
    penalty_record(actor=referee, sheet=other, foul="late", offender=by_entry[7], late_seconds=700)
    standings_recompute(tournament_id=played.pk)
    return played


@pytest.mark.django_db
def test_penalties_round_trip_with_the_same_standings(penalised, organizer):
    first = tournament_export_archive(penalised)
    table = first["sessions"][0]["tables"][0]
    assert [item["foul"] for item in table["penalties"]] == [
        "violation", "false_win", "empty_call", "empty_call", "empty_call", "exposed_other_tiles"]
    assert table["penalties"][0] == {"foul": "violation", "offender": "1", "hand": 1, "points": 20}
    assert first["sessions"][1]["tables"][2]["penalties"] == [
        {"foul": "late", "offender": "7", "hand": None, "late_seconds": 700}]

    imported = tournament_import_archive(actor=organizer, data=renamed(first, "Penalised (copy)"))
    standings_recompute(tournament_id=imported.pk)
    second = tournament_export_archive(imported)
    second["tournament"].pop("name")
    first["tournament"].pop("name")
    assert second == first
    assert standings_export(imported) == standings_export(penalised)
    copied = Penalty.objects.filter(sheet__session__tournament=imported)
    assert sorted(copied.values_list("points", flat=True)) == [0, 5, 10, 10, 10, 20, 20]


@pytest.mark.django_db
def test_an_archive_penalty_is_checked_like_a_referee_s(organizer):
    bad = minimal(sessions__0__tables__0__penalties=[
        {"foul": "violation", "offender": "12", "hand": 1, "points": 15},
        {"foul": "exposed_other_tiles", "offender": "12", "hand": 1, "points": 10, "victim": "12"},
        {"foul": "late", "offender": "7"},
        {"foul": "empty_call", "offender": "7"},
    ])
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=bad)
    messages = [problem.message for problem in caught.value.problems]
    assert messages == [
        "Penalty 1: “points” must be 5, 10, 20, 30, 40, 50 or 60.",
        "Penalty 2: “victim” must be another player of this table.",
        "Penalty 3: “late_seconds” must be a whole number of seconds from 1.",
        "Penalty 4: this foul happens in a hand; give “hand”.",
    ]
    good = minimal(sessions__0__tables__0__penalties=[{"foul": "violation", "offender": 12, "hand": 2, "points": 10}])
    imported = tournament_import_archive(actor=None, data=good)
    penalty = Penalty.objects.get(sheet__session__tournament=imported)
    assert (penalty.points, penalty.offender.entry_number, penalty.created_by) == (10, 12, None)


@pytest.mark.django_db
def test_the_escalation_setting_travels_so_escalating_points_come_out_the_same(
    played, referee, organizer, registrations
):
    from penalties.models import PenaltyPolicy
    from penalties.services import penalty_policy_update

    penalty_policy_update(actor=organizer, tournament=played, escalation=PenaltyPolicy.Escalation.FLAT)
    sheet = ScoreSheet.objects.get(session__number=1, table__number=1)
    offender = next(r for r in registrations if r.entry_number == 3)
    for _ in range(6):  # warning, 5, 10, 20, then 20 and 20 when flat (40 and 80 when doubling)
        penalty_record(actor=referee, sheet=sheet, foul="empty_call", offender=offender, hand_number=3)
    exported = tournament_export_archive(played)
    assert exported["tournament"]["penalty_policy"] == {"escalation": "flat", "disqualification_at_table": "stop"}

    imported = tournament_import_archive(actor=organizer, data=renamed(exported, "Flat (copy)"))
    assert imported.penalty_policy.escalation == "flat"
    copied = Penalty.objects.filter(sheet__session__tournament=imported).order_by("created_at", "pk")
    assert list(copied.values_list("points", flat=True)) == [0, 5, 10, 20, 20, 20]

    # Without the key, an import takes the rulebook's reading (keep doubling), as a new tournament does.
    del exported["tournament"]["penalty_policy"]
    doubled = tournament_import_archive(actor=organizer, data=renamed(exported, "Doubled (copy)"))
    copied = Penalty.objects.filter(sheet__session__tournament=doubled).order_by("created_at", "pk")
    assert list(copied.values_list("points", flat=True)) == [0, 5, 10, 20, 40, 80]


@pytest.mark.django_db
@pytest.mark.parametrize("policy", [{"escalation": "triple"}, "flat", {}, None])
def test_a_bad_penalty_policy_is_refused_and_nothing_saved(organizer, policy):
    from tournaments.models import Tournament

    data = minimal()
    data["tournament"]["penalty_policy"] = policy
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=data)
    assert [problem.message for problem in caught.value.problems] == [
        "“penalty_policy” must be an object whose “escalation” is one of: double, flat."
    ]
    assert not Tournament.objects.filter(name=data["tournament"]["name"]).exists()


@pytest.mark.django_db
def test_escalating_points_survive_a_cancelled_earlier_penalty(
    played, referee, chief_referee, organizer, registrations
):
    """3.11.6.3: warning, 5, 10; the 5 cancelled. The fouls that stand are renumbered (warning, 5),
    and the copy keeps that numbering and those points (the occurrence travels)."""
    from penalties.services import penalty_cancel

    sheet = ScoreSheet.objects.get(session__number=1, table__number=1)
    third = next(r for r in registrations if r.entry_number == 3)
    made = [
        penalty_record(actor=referee, sheet=sheet, foul="empty_call", offender=third, hand_number=3) for _ in range(3)
    ]
    penalty_cancel(actor=chief_referee, penalty=made[1], reason="not a foul")
    standings_recompute(tournament_id=played.pk)
    exported = tournament_export_archive(played)
    assert [item.get("occurrence") for item in exported["sessions"][0]["tables"][0]["penalties"]] == [1, 2]

    copy = tournament_import_archive(actor=organizer, data=renamed(exported, "Copy"))
    standings_recompute(tournament_id=copy.pk)
    copied = Penalty.objects.filter(sheet__session__tournament=copy).order_by("created_at", "pk")
    assert list(copied.values_list("occurrence", "points")) == [(1, 0), (2, 5)]
    assert standings_export(copy) == standings_export(played)


@pytest.mark.django_db
def test_an_archive_penalty_hand_and_occurrence_are_checked_against_the_table(organizer):
    """The table has 2 hands: a foul in a hand is in hand 1 to 3 (the next one being played), as at the
    table; an occurrence is a whole number from 1, for escalating fouls only. Located, not a crash."""
    bad = minimal(sessions__0__tables__0__penalties=[
        {"foul": "violation", "offender": "12", "hand": 9, "points": 10},
        {"foul": "empty_call", "offender": "7", "hand": 3, "occurrence": 0},
        {"foul": "empty_call", "offender": "7", "hand": 3, "occurrence": "2"},
        {"foul": "violation", "offender": "12", "hand": 1, "points": 10, "occurrence": 1},
    ])
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=bad)
    assert [(problem.location, problem.message) for problem in caught.value.problems] == [
        ("Session 1, table 1", "Penalty 1: “hand” must be from 1 to 3: the hands of this table and the next one."),
        ("Session 1, table 1", "Penalty 2: “occurrence” is a whole number from 1, and only for an escalating foul."),
        ("Session 1, table 1", "Penalty 3: “occurrence” is a whole number from 1, and only for an escalating foul."),
        ("Session 1, table 1", "Penalty 4: “occurrence” is a whole number from 1, and only for an escalating foul."),
    ]
    good = minimal(sessions__0__tables__0__penalties=[
        {"foul": "empty_call", "offender": "7", "hand": 3, "occurrence": 2}])
    imported = tournament_import_archive(actor=organizer, data=good)
    assert Penalty.objects.get(sheet__session__tournament=imported).points == 5
