"""Appeals in the tournament archive (docs/archive.md, "Appeals"): exported with their decisions,
escalation, fee, acknowledgement (3.13.3) and signatures; imported as they stand; refused when wrong."""

import copy
import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from appeals import services
from appeals.models import Appeal, AppealPolicy
from archive.export import tournament_export_archive
from archive.read import ArchiveInvalid
from archive.services import tournament_import_archive
from penalties.models import Penalty
from penalties.services import penalty_record
from testing.archives import minimal, renamed
from testing.scenarios import STRAIGHT
from tournaments import extensions


def _received(appeal, organizer):
    return services.appeal_fee_receive(actor=organizer, appeal=appeal)


@pytest.fixture
def appealed(player_user, team_leader, chief_referee, arbitrator, organizer, ended_sheet, registrations, tournament,
             django_capture_on_commit_callbacks):
    """Four appeals at table 1 covering the states an appeal can be in (3.12-3.13)."""
    AppealPolicy.objects.create(tournament=tournament, window_minutes=45, fee_amount="1400.00", fee_currency="CNY")
    now = ended_sheet.session.ended_at + dt.timedelta(minutes=5)
    first_penalty = Penalty.objects.get(sheet=ended_sheet)
    second_penalty = penalty_record(actor=chief_referee, sheet=ended_sheet, foul="violation",
                                    offender=registrations[1], hand_number=1, points=10)
    with django_capture_on_commit_callbacks(execute=True):
        # A: a penalty appeal by the player, upheld by the chief referee: the penalty is cancelled.
        a = services.appeal_file(actor=player_user, sheet=ended_sheet, appellant=registrations[0], subject="penalty",
                                 category="rules", statement="The call was in time.", penalty=first_penalty, now=now)
        a = _received(services.appeal_sign(actor=team_leader, appeal=a), organizer)
        services.appeal_decide(actor=chief_referee, appeal=a, outcome="upheld", reasons="In time.")
        # B: filed by the team leader for entry 2, rejected, escalated (3.13.1, acknowledging 3.13.3),
        # rejected again by the arbitration committee.
        b = services.appeal_file(actor=team_leader, sheet=ended_sheet, appellant=registrations[1], subject="penalty",
                                 category="rules", statement="Not a violation.", penalty=second_penalty, now=now)
        b = _received(b, organizer)
        services.appeal_paper_signature_record(actor=chief_referee, appeal=b, signer="appellant")
        b = services.appeal_decide(actor=chief_referee, appeal=b, outcome="rejected", reasons="It was.")
        b = services.appeal_escalate(actor=team_leader, appeal=b, statement="To the committee.",
                                     acknowledged_3_13_3=True)
        services.appeal_decide(actor=arbitrator, appeal=b, outcome="rejected", reasons="The penalty stands (3.13.3).")
        # C: a hand appeal (other, 3.13.2: the arbitration committee), upheld with the corrected hand.
        c = services.appeal_file(actor=player_user, sheet=ended_sheet, appellant=registrations[0], subject="hand",
                                 category="other", statement="East won.", hand_number=1, now=now)
        c = _received(services.appeal_sign(actor=team_leader, appeal=c), organizer)
        services.appeal_decide(actor=arbitrator, appeal=c, outcome="upheld", reasons="The winner was East.",
                               remedy={"hand": {"result": "win", "winner": 0, "discarder": 1, "tiles": STRAIGHT}})
        # D: handed in on paper for entry 3, still open, its fee not received yet.
        services.appeal_file_on_paper(actor=chief_referee, sheet=ended_sheet, appellant=registrations[2],
                                      subject="sheet", category="rules", statement="The totals.",
                                      handed_in_at=now, now=now + dt.timedelta(minutes=2))
    return tournament


def _appeals(archive):
    return [table.get("appeals", []) for session in archive["sessions"] for table in session["tables"]]


@pytest.mark.django_db
def test_3_12_appeals_round_trip_through_the_archive(appealed, organizer, chief_referee):
    first = tournament_export_archive(appealed)
    appeals = _appeals(first)[0]
    assert [(a["subject"], a["status"], a["stage"], a["fee"]["state"]) for a in appeals] == [
        ("penalty", "upheld", "chief_referee", "refunded"),
        ("penalty", "rejected", "arbitration", "forfeited"),
        ("hand", "upheld", "arbitration", "refunded"),
        ("sheet", "open", "chief_referee", "awaiting"),
    ]
    a, b, c, d = appeals
    # People by role and display name, no account: the player, their team leader, the staff.
    assert a["filed_by"] == {"role": "player", "name": "player"}
    assert b["filed_by"] == {"role": "team_leader", "name": "leader"}
    assert d["filed_by"] == {"role": "chief_referee", "name": "chief"} and d["on_paper"] is True
    assert a["leader_signature"]["by"] == {"role": "team_leader", "name": "leader"}
    assert b["appellant_signed_at"] is not None  # the paper signature recorded by the chief referee
    assert a["fee"]["received_by"] == {"role": "organizer", "name": "organizer"}
    assert a["fee"]["settled_by"] == {"role": "chief_referee", "name": "chief"}
    assert (a["fee"]["amount"], a["fee"]["currency"]) == ("1400.00", "CNY")
    assert a["penalty"]["in_force"] is False and a["penalty"]["cancel_reason"].endswith("In time.")
    assert b["penalty"] == {"foul": "violation", "offender": "2", "hand": 1, "points": 10, "in_force": True}
    assert b["acknowledged_3_13_3"] is True and a["acknowledged_3_13_3"] is False
    assert [(x["stage"], x["outcome"], x["decided_by"]["role"]) for x in b["decisions"]] == [
        ("chief_referee", "rejected", "chief_referee"), ("arbitration", "rejected", "arbitrator")]
    assert c["hand"] == 1 and c["decisions"][0]["remedy"]["hand"]["winner"] == 0
    assert first["tournament"]["appeal_policy"] == {"window_minutes": 45, "fee_amount": "1400.00",
                                                    "fee_currency": "CNY", "other_appeals_body": "arbitration"}

    imported = tournament_import_archive(actor=chief_referee, data=renamed(first, "Test Open (copy)"))
    second = tournament_export_archive(imported)
    assert _appeals(second) == _appeals(first)
    second["tournament"].pop("name")
    first["tournament"].pop("name")
    assert second == first  # the penalties too: the cancelled one is not in force, the other is
    copies = Appeal.objects.filter(tournament=imported).order_by("filed_at", "pk")
    assert copies.count() == 4
    # The page shows the people of the file, not the importer's account.
    shown = copies.get(subject="hand")
    assert shown.people["filed_by"] == "player" and shown.decisions.get().decider == "arbiter"
    assert Penalty.objects.filter(sheet__session__tournament=imported, status="cancelled").count() == 1


@pytest.mark.django_db
def test_an_archive_without_appeals_still_imports(organizer):
    """Older archives (written before appeals were in it) import as before: the key is optional."""
    imported = tournament_import_archive(actor=organizer, data=minimal())
    assert not Appeal.objects.filter(tournament=imported).exists()
    assert "appeal_policy" not in tournament_export_archive(imported)["tournament"]


def test_appeals_are_saved_after_the_penalties_they_name():
    keys = [section.key for section in extensions.archive_sections()]
    assert keys.index("penalties") < keys.index("appeals")


def _with_appeal(**changes):
    appeal = {
        "appellant": "12", "subject": "hand", "hand": 1, "category": "rules", "statement": "Misrecorded.",
        "filed_at": "2026-05-01T10:00:00+00:00", "filed_by": {"role": "player", "name": "Ana"},
        "on_paper": False, "direct_to_arbitration": False, "stage": "chief_referee", "status": "open",
        "appellant_signed_at": "2026-05-01T10:00:00+00:00", "leader_signature": None,
        "fee": {"amount": "200.00", "currency": "USD", "state": "awaiting", "received_at": None, "received_by": None,
                "settled_at": None, "settled_by": None},
        "decisions": [],
    }
    for key, value in changes.items():
        if value is _DROP:
            appeal.pop(key)
        else:
            appeal[key] = value
    data = minimal()
    data["sessions"][0]["tables"][0]["appeals"] = [appeal]
    return data


_DROP = object()
PERSON = {"role": "chief_referee", "name": "Li Wei"}
DECISION = {"stage": "chief_referee", "outcome": "upheld", "reasons": "Yes.", "remedy": {},
            "decided_at": "2026-05-01T10:20:00+00:00", "decided_by": PERSON}


@pytest.mark.django_db
def test_a_minimal_appeal_imports(organizer):
    imported = tournament_import_archive(actor=organizer, data=_with_appeal())
    appeal = Appeal.objects.get(tournament=imported)
    assert (appeal.appellant.entry_number, appeal.hand.number, appeal.fee_status) == (12, 1, "awaiting")
    assert appeal.people["filed_by"] == "Ana" and appeal.filed_by == organizer


@pytest.mark.django_db
@pytest.mark.parametrize(
    "changes, expected",
    [
        ({"appellant": "99"}, "rule 3.12.1"),
        ({"subject": "table"}, "“subject” must be one of"),
        ({"statement": "  "}, "rule 3.12.3"),
        ({"filed_at": "2026-05-01T10:00:00"}, "with its offset"),  # a time without its zone is ambiguous
        ({"filed_by": {"role": "captain", "name": "x"}}, "must name a person"),
        ({"filed_by": _DROP}, "must name a person"),
        ({"hand": 3}, "one of this table's hands (1 to 2)"),
        ({"stage": "court"}, "“stage” must be one of"),
        ({"fee": {"amount": "-5", "currency": "USD", "state": "awaiting"}}, "“amount”"),
        ({"fee": {"amount": "200", "currency": "XXQ", "state": "awaiting"}}, "three-letter code"),
        ({"fee": {"amount": "200", "currency": "USD", "state": "paid"}}, "when it was received"),
        ({"fee": {"amount": "200", "currency": "USD", "state": "awaiting", "received_at": "2026-05-01T10:05:00+00:00",
                  "received_by": PERSON}}, "awaiting receipt has no"),
        ({"status": "upheld", "fee": {"amount": "200", "currency": "USD", "state": "forfeited"}},
         "rule 3.12.2"),
        ({"status": "upheld", "fee": {"amount": "200", "currency": "USD", "state": "refunded"}},
         "lists its decision"),
        ({"status": "rejected", "decisions": [DECISION],
          "fee": {"amount": "200", "currency": "USD", "state": "forfeited"}}, "last decision's outcome"),
        ({"decisions": [{**DECISION, "reasons": ""}]}, "rule 3.13"),
        ({"leader_signature": {"at": "yesterday"}}, "“leader_signature”"),
        ({"subject": "penalty", "category": "other", "penalty": {"foul": "violation", "offender": "7", "hand": 1,
                                                                "points": 10, "in_force": True}}, "rule 3.13.1"),
        ({"subject": "penalty", "penalty": {"foul": "violation", "offender": "7", "hand": 1, "points": 10,
                                            "in_force": True}}, "not among this table"),
        ({"subject": "penalty", "penalty": {"foul": "violation", "offender": "7", "hand": 1, "points": 10,
                                            "in_force": False}}, "says why it was cancelled"),
        ({"subject": "penalty", "penalty": {"foul": "violation", "offender": "7", "hand": 1, "points": 11,
                                            "in_force": False, "cancel_reason": "x"}}, "5, 10, 20"),
        ({"subject": "penalty", "penalty": {"foul": "bogus", "in_force": False, "cancel_reason": "x"}},
         "unknown foul"),
        ({"subject": "penalty", "penalty": "the first one"}, "names it under “penalty”"),
    ],
)
def test_bad_appeals_refuse_the_whole_archive(organizer, changes, expected):
    with pytest.raises(ArchiveInvalid) as caught:
        tournament_import_archive(actor=organizer, data=_with_appeal(**changes))
    text = " | ".join(str(problem) for problem in caught.value.problems)
    assert expected in text, text
    assert "Session 1, table 1: Appeal 1" in text
    assert not Appeal.objects.exists()


@pytest.mark.django_db
def test_3_13_3_a_penalty_appeal_taken_on_to_the_committee_was_acknowledged(organizer):
    """Escalated after the chief referee decided it (3.13.1): the appellant was told of 3.13.3. (Sent straight,
    it depends on who gave the penalty, which an archive does not say: either is accepted.)"""
    data = _with_appeal(subject="penalty", direct_to_arbitration=False, stage="arbitration",
                        penalty={"foul": "violation", "offender": "7", "hand": 1, "points": 10, "in_force": True})
    data["sessions"][0]["tables"][0]["penalties"] = [{"foul": "violation", "offender": "7", "hand": 1, "points": 10}]
    with pytest.raises(ArchiveInvalid, match="3.13.3"):
        tournament_import_archive(actor=organizer, data=copy.deepcopy(data))
    data["sessions"][0]["tables"][0]["appeals"][0]["acknowledged_3_13_3"] = True
    imported = tournament_import_archive(actor=organizer, data=data)
    appeal = Appeal.objects.get(tournament=imported)
    assert appeal.penalty == Penalty.objects.get(sheet__session__tournament=imported)
    assert appeal.penalty.status == "active"


@pytest.mark.django_db
def test_two_appeals_cannot_both_name_one_listed_penalty_twice_over(organizer):
    """Each in-force penalty named is one of the table's list; two appeals against one penalty need it twice."""
    penalty = {"foul": "violation", "offender": "7", "hand": 1, "points": 10, "in_force": True}
    data = _with_appeal(subject="penalty", penalty=penalty)
    table = data["sessions"][0]["tables"][0]
    table["penalties"] = [{"foul": "violation", "offender": "7", "hand": 1, "points": 10}]
    table["appeals"].append(copy.deepcopy(table["appeals"][0]))
    with pytest.raises(ArchiveInvalid, match="Appeal 2: The penalty appealed against"):
        tournament_import_archive(actor=organizer, data=data)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "policy, expected",
    [
        ({"window_minutes": 0, "fee_amount": "200.00", "fee_currency": "USD", "other_appeals_body": "arbitration"},
         "window_minutes"),
        ({"window_minutes": 30, "fee_amount": "0", "fee_currency": "USD", "other_appeals_body": "arbitration"},
         "above zero"),
        ({"window_minutes": 30, "fee_amount": "200", "fee_currency": "usdollar", "other_appeals_body": "arbitration"},
         "three-letter"),
        ({"window_minutes": 30, "fee_amount": "200", "fee_currency": "USD", "other_appeals_body": "court"},
         "3.13.2"),
        ("thirty minutes", "must be an object"),
    ],
)
def test_a_bad_appeal_policy_is_refused(organizer, policy, expected):
    data = minimal()
    data["tournament"]["appeal_policy"] = policy
    with pytest.raises(ValidationError, match=expected):
        tournament_import_archive(actor=organizer, data=data)
