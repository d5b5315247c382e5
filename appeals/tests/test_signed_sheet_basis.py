"""A signed sheet changes through an upheld appeal (3.9.1.4, 3.11.6.11(7), 3.12, 3.13): the core
checks the appeal through the seam this app registers (tournaments.extensions)."""

import pytest
from django.core.exceptions import ValidationError

from appeals import services
from testing.scenarios import STRAIGHT
from tournaments.models import AuditEvent, SheetAmendment
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

from .test_services import signed


def hand_appeal(player_user, sheet, registrations):
    return services.appeal_file(
        actor=player_user, sheet=sheet, appellant=registrations[0], subject="hand", category="other",
        statement="The winner was East.", hand_number=1,
    )


def correct(chief, sheet, reference):
    sheet.refresh_from_db()
    return sheet_services.hand_correct(
        actor=chief, sheet=sheet, number=1, expected_version=sheet.version, reason="as the appeal says",
        entry=HandEntry(result="win", winner=0, discarder=1, tiles=STRAIGHT), basis="appeal", reference=reference,
    )


@pytest.mark.django_db
def test_3_12_an_appeal_not_upheld_is_no_basis(player_user, chief_referee, ended_sheet, registrations):
    appeal = hand_appeal(player_user, ended_sheet, registrations)
    with pytest.raises(ValidationError) as excinfo:
        correct(chief_referee, ended_sheet, str(appeal.pk))
    assert "has not been upheld" in excinfo.value.error_dict["reference"][0].messages[0]
    assert ended_sheet.hands.get().winner == 1 and not SheetAmendment.objects.exists()


@pytest.mark.django_db
def test_3_13_an_upheld_appeal_changes_the_signed_sheet_with_its_article(
    player_user, team_leader, arbitrator, ended_sheet, registrations, django_capture_on_commit_callbacks
):
    appeal = signed(hand_appeal(player_user, ended_sheet, registrations), team_leader)
    correction = {"hand": {"result": "win", "winner": 0, "discarder": 1, "tiles": STRAIGHT}}
    with django_capture_on_commit_callbacks(execute=True):
        services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="upheld", reasons="East won.",
                               remedy=correction)
    change = SheetAmendment.objects.get()
    # an "other" appeal is decided by the arbitration committee by default (3.13.2)
    assert (change.basis, change.reference, change.article) == ("appeal", str(appeal.pk), "3.13")
    event = AuditEvent.objects.get(action="hand.corrected")
    assert (event.detail["basis"], event.detail["reference"], event.detail["article"]) == (
        "appeal", str(appeal.pk), "3.13")
    assert ended_sheet.hands.get().winner == 0
