"""3.11.6.6 read with the elementary rules' minimum (scoring/READINGS.md E9): 错和 under 6, 诈和 for no shape."""

import pytest
from django.core.exceptions import ValidationError

from penalties.services import false_win_record
from tournaments.core import services as core_services

FIVE = "[111m][111p]CCC456m9p+9p"         # Double Pung + Dragon Pung + One Voided Suit: 5
SIX = "[123m]234p34sNNN99s+5s"            # Mixed Shifted Chows: 6
THIRTEEN_ORPHANS = "19m19p19sESWNCFP+1m"


@pytest.fixture
def elementary(tournament, organizer):
    return core_services.tournament_update(actor=organizer, tournament=tournament, rule_set="elementary")


@pytest.mark.django_db
def test_3_11_6_6_false_win_classification_follows_the_elementary_minimum(elementary, referee, sheet,
                                                                         registrations):
    offender = registrations[2]
    under_six = false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=offender, tiles=FIVE)
    assert under_six.foul == "false_win"                       # 错和: complete, under 6
    with pytest.raises(ValidationError):                       # a legal win here: record the hand instead
        false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=offender, tiles=SIX)
    orphans = false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=offender,
                               tiles=THIRTEEN_ORPHANS)
    assert orphans.foul == "false_win_not_waiting"             # 诈和: no shape of these rules (E8)
