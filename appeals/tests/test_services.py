"""Appeals: who, the 30-minute deadline, signatures, fees, the route and the arbitration limit."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from appeals import services
from appeals.models import Appeal, AppealPolicy
from appeals.tests.helpers import file, received, signed
from penalties.models import Penalty
from testing.scenarios import STRAIGHT
from tournaments.errors import NotFound
from tournaments.models import StandingsSnapshot
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


@pytest.mark.django_db
@pytest.mark.parametrize(
    "after, accepted", [(dt.timedelta(minutes=30), True), (dt.timedelta(minutes=30, seconds=1), False)]
)
def test_deadline_30_minutes_after_the_session(player_user, ended_sheet, registrations, after, accepted):
    now = ended_sheet.session.ended_at + after
    if accepted:
        assert file(player_user, ended_sheet, registrations[0], now=now).status == "open"
    else:
        with pytest.raises(ValidationError) as caught:
            file(player_user, ended_sheet, registrations[0], now=now)
        assert "3.12.2" in caught.value.messages[0]
        assert not Appeal.objects.exists()


@pytest.mark.django_db
def test_the_window_is_a_tournament_setting(player_user, ended_sheet, registrations, tournament):
    AppealPolicy.objects.create(tournament=tournament, window_minutes=45)
    file(player_user, ended_sheet, registrations[0], now=ended_sheet.session.ended_at + dt.timedelta(minutes=44))


@pytest.mark.django_db
def test_who_may_appeal(player_user, team_leader, outsider, referee, ended_sheet, registrations):
    with pytest.raises(NotFound):
        file(outsider, ended_sheet, registrations[0])
    with pytest.raises(NotFound):
        file(referee, ended_sheet, registrations[0])
    with pytest.raises(NotFound):  # a player appeals for themselves only
        file(player_user, ended_sheet, registrations[1])
    by_leader = file(team_leader, ended_sheet, registrations[1])
    assert by_leader.leader_signed_by == team_leader and by_leader.appellant_signed_at is None
    with pytest.raises(ValidationError):  # no such hand on the sheet
        file(team_leader, ended_sheet, registrations[0], subject="hand", penalty=None, hand_number=9)


@pytest.mark.django_db
def test_signatures_fee_and_a_chief_referee_upholding(
    player_user, team_leader, chief_referee, ended_sheet, registrations, django_capture_on_commit_callbacks
):
    appeal = file(player_user, ended_sheet, registrations[0])
    assert (appeal.stage, appeal.fee_status, appeal.fee_amount, appeal.fee_currency) == (
        "chief_referee",
        "awaiting",
        200,
        "USD",
    )
    with pytest.raises(ValidationError):  # the team leader has not signed yet (3.12.3)
        services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="upheld", reasons="in time")
    appeal = signed(appeal, team_leader)
    assert appeal.leader_signed_by == team_leader and appeal.leader_signed_at is not None
    before = {
        r["entry"]: r["contest_points"]
        for r in StandingsSnapshot.objects.order_by("-version").first().data["individuals"]
    }
    with django_capture_on_commit_callbacks(execute=True):
        appeal = services.appeal_decide(
            actor=chief_referee, appeal=appeal, outcome="upheld", reasons="The pung was called in time."
        )
    assert (appeal.status, appeal.fee_status) == ("upheld", "refunded")
    assert Penalty.objects.get().status == "cancelled"
    after = {
        r["entry"]: r["contest_points"]
        for r in StandingsSnapshot.objects.order_by("-version").first().data["individuals"]
    }
    assert after[1] == before[1] + 30
    decision = appeal.decisions.get()
    assert (decision.decided_by, decision.stage, decision.outcome) == (chief_referee, "chief_referee", "upheld")
    with pytest.raises(ValidationError):
        services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="again")


@pytest.mark.django_db
def test_rejected_then_arbitration_which_cannot_overturn_a_penalty(
    player_user, team_leader, chief_referee, arbitrator, referee, ended_sheet, registrations
):
    appeal = signed(file(player_user, ended_sheet, registrations[0]), team_leader)
    with pytest.raises(NotFound):  # a referee decides no appeal
        services.appeal_decide(actor=referee, appeal=appeal, outcome="upheld", reasons="x")
    with pytest.raises(ValidationError, match="not before you"):  # not yet before the arbitration committee
        services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="upheld", reasons="x")
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="Called after 3 s.")
    assert (appeal.status, appeal.fee_status) == ("rejected", "forfeited")
    with pytest.raises(ValidationError) as caught:  # told of 3.13.3 first
        services.appeal_escalate(actor=player_user, appeal=appeal, statement="I ask the committee to review.")
    assert "3.13.3" in caught.value.message_dict["acknowledged_3_13_3"][0]
    appeal = services.appeal_escalate(actor=player_user, appeal=appeal, statement="I ask the committee to review.",
                                      acknowledged_3_13_3=True)
    # No second fee for an outcome the rules exclude: the forfeited fee stays forfeited.
    assert (appeal.stage, appeal.status, appeal.fee_status) == ("arbitration", "open", "forfeited")
    with pytest.raises(ValidationError) as caught:
        services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="upheld", reasons="We disagree.")
    assert caught.value.error_list[0].code == "arbitration_limit"
    assert Penalty.objects.get().status == "active"
    appeal = services.appeal_decide(
        actor=arbitrator, appeal=appeal, outcome="rejected", reasons="The penalty stands (3.13.3)."
    )
    assert (appeal.status, appeal.fee_status) == ("rejected", "forfeited")
    assert [d.stage for d in appeal.decisions.all()] == ["chief_referee", "arbitration"]
    with pytest.raises(ValidationError):
        services.appeal_escalate(actor=player_user, appeal=appeal, statement="again")


@pytest.mark.django_db
def test_other_appeals_follow_the_policy_and_a_hand_is_corrected(
    player_user,
    team_leader,
    arbitrator,
    organizer,
    ended_sheet,
    registrations,
    tournament,
    django_capture_on_commit_callbacks,
):
    appeal = file(
        player_user, ended_sheet, registrations[0], subject="hand", category="other", penalty=None, hand_number=1
    )
    assert appeal.stage == "arbitration"  # the default body for other appeals (3.13.2)
    appeal = signed(appeal, team_leader)
    with pytest.raises(ValidationError):  # upholding a hand appeal needs the corrected hand
        services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="upheld", reasons="misrecorded")
    correction = {"hand": {"result": "win", "winner": 0, "discarder": 1, "tiles": STRAIGHT}}
    with django_capture_on_commit_callbacks(execute=True):
        appeal = services.appeal_decide(
            actor=arbitrator, appeal=appeal, outcome="upheld", reasons="The winner was East.", remedy=correction
        )
    hand = ended_sheet.hands.get(number=1)
    assert hand.winner == 0 and hand.deltas == (47, -31, -8, -8)
    AppealPolicy.objects.update_or_create(tournament=tournament, defaults={"other_appeals_body": "organizer"})
    second = file(player_user, ended_sheet, registrations[0], subject="sheet", category="other", penalty=None)
    assert second.stage == "organizer"


@pytest.mark.django_db
def test_bad_appeals_save_nothing(player_user, ended_sheet, registrations):
    with pytest.raises(ValidationError):
        file(player_user, ended_sheet, registrations[0], statement="  ")
    with pytest.raises(ValidationError):
        file(player_user, ended_sheet, registrations[0], category="whatever")
    with pytest.raises(ValidationError):
        file(player_user, ended_sheet, registrations[0], subject="penalty", penalty=None)
    with pytest.raises(ValidationError):
        file(player_user, ended_sheet, registrations[0], subject="hand", penalty=None, hand_number=7)
    assert not Appeal.objects.exists()


@pytest.mark.django_db
def test_no_appeal_against_an_imported_session(organizer):
    from archive.services import tournament_import_archive
    from testing.archives import minimal
    from testing.fixtures import make_user
    from tournaments.models import Registration

    imported = tournament_import_archive(actor=organizer, data=minimal())
    registration = Registration.objects.get(tournament=imported, entry_number=12)
    player_user = make_user("ana")
    registration.player.user = player_user
    registration.player.save()
    sheet = imported.sessions.get(number=1).sheets.get()
    assert sheet.session.ended_at is not None
    with pytest.raises(ValidationError, match="3.12.2"):
        services.appeal_file(actor=player_user, sheet=sheet, appellant=registration, subject="sheet",
                             category="other", statement="Too late.")


@pytest.mark.django_db
def test_the_team_leader_named_in_the_roster_may_appeal_and_sign(ended_sheet, registrations, player_user, teams):
    from testing.fixtures import make_user

    captain = registrations[1]  # entry 2, Team 1
    captain.player.user = make_user("captain")
    captain.player.save()
    teams[0].leader = captain
    teams[0].save()
    appeal = file(player_user, ended_sheet, registrations[0])
    assert appeal.needs_leader_signature
    appeal = services.appeal_sign(actor=captain.player.user, appeal=appeal)
    assert appeal.leader_signed_by == captain.player.user and not appeal.needs_leader_signature


@pytest.mark.django_db
def test_upholding_after_the_penalty_was_cancelled_refunds_and_no_new_appeal(
    player_user, team_leader, chief_referee, ended_sheet, registrations
):
    """3.12.2 "胜诉全额退款": an appeal that succeeds gets its fee back, even when the chief referee already
    cancelled the penalty; a cancelled penalty cannot be appealed against any more."""
    from penalties.services import penalty_cancel

    appeal = signed(file(player_user, ended_sheet, registrations[0]), team_leader)
    penalty_cancel(actor=chief_referee, penalty=Penalty.objects.get(), reason="The referee erred.")
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="upheld", reasons="No foul.")
    assert (appeal.status, appeal.fee_status) == ("upheld", "refunded")
    assert appeal.decisions.get().remedy == {"penalty_already_cancelled": True}
    with pytest.raises(ValidationError) as caught:
        file(player_user, ended_sheet, registrations[0])
    assert "penalty" in caught.value.message_dict
    assert Appeal.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("body", ["arbitration", "organizer"])
def test_a_penalty_appeal_goes_to_the_chief_referee_whatever_kind_is_sent(
    player_user, team_leader, chief_referee, ended_sheet, registrations, tournament, body
):
    """3.13.1: an appeal against a penalty goes to the chief referee first; filed as "other" it would
    reach a body that cannot overturn a penalty (3.13.3) or skip the chief referee."""
    AppealPolicy.objects.create(tournament=tournament, other_appeals_body=body)
    appeal = signed(file(player_user, ended_sheet, registrations[0], category="other"), team_leader)
    assert (appeal.stage, appeal.category) == ("chief_referee", "rules")
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="upheld", reasons="No foul.")
    assert (appeal.status, appeal.fee_status) == ("upheld", "refunded")


@pytest.mark.django_db
def test_nobody_decides_twice_or_for_their_own_side(
    player_user, team_leader, chief_referee, ended_sheet, registrations, tournament, teams
):
    from tournaments.models import Membership

    # The chief referee who decided first sits on the arbitration committee too (3.13.1).
    Membership.objects.create(user=chief_referee, tournament=tournament, role="arbitrator")
    appeal = signed(file(player_user, ended_sheet, registrations[0], subject="sheet", penalty=None), team_leader)
    services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="No.")
    appeal = services.appeal_escalate(actor=player_user, appeal=appeal, statement="Please review.")
    with pytest.raises(ValidationError, match="earlier stage"):
        services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="Still no.")
    appeal.refresh_from_db()
    assert (appeal.status, appeal.decisions.count()) == ("open", 1)
    # A decider who leads the appellant's team (3.12.1) is a party, not a judge.
    Membership.objects.create(user=chief_referee, tournament=tournament, role="team_leader", team=teams[0])
    second = signed(file(player_user, ended_sheet, registrations[0], subject="sheet", penalty=None), team_leader)
    with pytest.raises(ValidationError, match="team leader"):
        services.appeal_decide(actor=chief_referee, appeal=second, outcome="upheld", reasons="Yes.")
    assert not second.decisions.exists()


@pytest.mark.django_db
def test_a_team_without_a_leader_needs_no_leader_signature(
    player_user, chief_referee, ended_sheet, registrations, teams
):
    """3.12.3: with no team leader (no member of staff, none in the roster) nobody is waited for."""
    from tournaments.models import Membership

    assert not Membership.objects.filter(role="team_leader").exists() and teams[0].leader_id is None
    appeal = received(file(player_user, ended_sheet, registrations[0]))
    assert not appeal.needs_leader_signature
    appeal = services.appeal_decide(
        actor=chief_referee, appeal=appeal, outcome="rejected", reasons="The penalty stands."
    )
    assert (appeal.status, appeal.fee_status) == ("rejected", "forfeited")


@pytest.mark.django_db
def test_the_chief_referee_records_a_paper_signature(
    client_for, team_leader, chief_referee, referee, ended_sheet, registrations
):
    """3.12.3: a player without an account signs the paper form; the chief referee records it."""
    from tournaments.models import AuditEvent

    appeal = file(team_leader, ended_sheet, registrations[1])
    assert appeal.appellant_signed_at is None and registrations[1].player.user_id is None
    with pytest.raises(NotFound):
        services.appeal_paper_signature_record(actor=referee, appeal=appeal, signer="appellant")
    with pytest.raises(ValidationError):  # the leader has signed by filing
        services.appeal_paper_signature_record(actor=chief_referee, appeal=appeal, signer="leader")
    assert client_for(chief_referee).post(
        f"/appeals/{appeal.pk}/paper-signature/", {"signer": "appellant"}
    ).status_code == 302
    appeal.refresh_from_db()
    assert appeal.appellant_signed_at is not None
    assert AuditEvent.objects.filter(action="appeal.paper_signature_recorded", actor=chief_referee).exists()
    appeal = received(appeal)
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="It stands.")
    assert appeal.status == "rejected"


@pytest.mark.django_db
def test_a_hand_under_appeal_is_not_taken_back(player_user, referee, organizer, sheet, registrations, client_for):
    """After time-up the sheet is closed and the appeal window open (3.12.2): the appealed hand
    stays, and the take-back says why instead of failing."""
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="win", winner=1, discarder=0, tiles=STRAIGHT)
    )
    session_services.session_end(actor=organizer, session=sheet.session)
    sheet.refresh_from_db()
    sheet.session.refresh_from_db()
    assert sheet.status == "closed"
    services.appeal_file(actor=player_user, sheet=sheet, appellant=registrations[0], subject="hand", category="other",
                         statement="The winning tile was not discarded by me.", hand_number=1)
    with pytest.raises(ValidationError, match="appeal"):
        sheet_services.hand_delete_last(actor=referee, sheet=sheet, expected_version=sheet.version)
    answer = client_for(referee).post(
        f"/api/sheets/{sheet.pk}/hands/take-back/", {"version": sheet.version}, content_type="application/json"
    )
    assert answer.status_code == 400 and "appeal" in answer.content.decode()
    assert sheet.hands.count() == 1


# --- what the page offers is what the services allow ---------------------------------------------

ACTION_ROLES = ["organizer", "chief_referee", "referee", "arbitrator", "team_leader", "player_user", "outsider",
                "double"]

# For each appeal state, the (role, action) pairs allowed; every other pair is refused.
ALLOWED = {
    # The player filed and signed; the team leader has not signed yet (3.12.3).
    # The fee awaits receipt: the organizer records it (3.12.2).
    "filed_by_the_player": {("team_leader", "sign"), ("organizer", "paper_signature"),
                            ("chief_referee", "paper_signature"), ("double", "paper_signature"),
                            ("organizer", "fee_receive")},
    # The team leader filed for entry 2, who has no account: their signature comes on paper.
    "filed_by_the_leader": {("organizer", "paper_signature"), ("chief_referee", "paper_signature"),
                            ("double", "paper_signature"), ("organizer", "fee_receive")},
    # Signed, but the fee not received: nobody decides yet (3.12.2).
    "fee_awaiting": {("organizer", "fee_receive")},
    "signed": {("chief_referee", "decide"), ("double", "decide")},
    # 3.13.1: the appellant or their team leader may take the rejection further.
    "rejected": {("player_user", "escalate"), ("team_leader", "escalate")},
    # Before the arbitration committee; "double" decided it as chief referee and may not review it.
    "escalated": {("arbitrator", "decide")},
    "upheld": set(),
    # 3.13.2: another appeal goes to the body the organizers chose.
    "before_the_organizers": {("organizer", "decide")},
}


def _appeal_in(state, *, ended_sheet, registrations, player_user, team_leader, chief_referee, double, tournament):
    if state == "filed_by_the_leader":
        return file(team_leader, ended_sheet, registrations[1])
    if state == "before_the_organizers":
        AppealPolicy.objects.create(tournament=tournament, other_appeals_body="organizer")
        return signed(file(player_user, ended_sheet, registrations[0], subject="sheet", category="other",
                           penalty=None), team_leader)
    appeal = file(player_user, ended_sheet, registrations[0])
    if state == "filed_by_the_player":
        return appeal
    if state == "fee_awaiting":
        return services.appeal_sign(actor=team_leader, appeal=appeal)
    appeal = signed(appeal, team_leader)
    if state == "upheld":
        return services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="upheld", reasons="No foul.")
    if state in ("rejected", "escalated"):
        decider = double if state == "escalated" else chief_referee
        appeal = services.appeal_decide(actor=decider, appeal=appeal, outcome="rejected", reasons="It stands.")
    if state == "escalated":
        appeal = services.appeal_escalate(actor=player_user, appeal=appeal, statement="Please review.",
                                          acknowledged_3_13_3=True)
    return appeal


def _service_allows(action, actor, appeal) -> bool:
    """Whether the action's service lets `actor` take it now; what it writes is rolled back."""
    from django.db import transaction

    from appeals.selectors import DECIDE, FEE_RECEIVE, PAPER_SIGNATURE, SIGN

    with transaction.atomic():
        try:
            if action == SIGN:
                services.appeal_sign(actor=actor, appeal=appeal)
            elif action == PAPER_SIGNATURE:
                signer = "appellant" if appeal.appellant_signed_at is None else "leader"
                services.appeal_paper_signature_record(actor=actor, appeal=appeal, signer=signer)
            elif action == FEE_RECEIVE:
                services.appeal_fee_receive(actor=actor, appeal=appeal)
            elif action == DECIDE:
                services.appeal_decide(actor=actor, appeal=appeal, outcome="rejected", reasons="It stands.")
            else:  # the page asks for the 3.13.3 acknowledgement with the statement
                services.appeal_escalate(actor=actor, appeal=appeal, statement="Please review.",
                                         acknowledged_3_13_3=True)
        except (NotFound, ValidationError):
            allowed = False
        else:
            allowed = True
        transaction.set_rollback(True)
    return allowed


@pytest.mark.django_db
@pytest.mark.parametrize("state", list(ALLOWED))
def test_each_action_is_offered_exactly_when_its_service_allows_it(
    state, ended_sheet, registrations, tournament, organizer, chief_referee, referee, arbitrator, team_leader,
    player_user, outsider,
):
    from appeals.selectors import APPEAL_ACTIONS, appeal_actions
    from testing.fixtures import make_user
    from tournaments.models import Membership

    # A chief referee who sits on the arbitration committee too (3.13.1).
    double = make_user("double")
    Membership.objects.create(user=double, tournament=tournament, role="chief_referee")
    Membership.objects.create(user=double, tournament=tournament, role="arbitrator")
    users = {"organizer": organizer, "chief_referee": chief_referee, "referee": referee, "arbitrator": arbitrator,
             "team_leader": team_leader, "player_user": player_user, "outsider": outsider, "double": double}
    appeal = _appeal_in(state, ended_sheet=ended_sheet, registrations=registrations, player_user=player_user,
                        team_leader=team_leader, chief_referee=chief_referee, double=double, tournament=tournament)
    offered, allowed = set(), set()
    for role in ACTION_ROLES:
        appeal = Appeal.objects.get(pk=appeal.pk)
        offered |= {(role, action) for action in appeal_actions(user=users[role], appeal=appeal)}
        allowed |= {(role, action) for action in APPEAL_ACTIONS if _service_allows(action, users[role], appeal)}
    assert offered == allowed == ALLOWED[state]
