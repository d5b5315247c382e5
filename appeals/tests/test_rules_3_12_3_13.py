"""Issue 12, appeals: the fee lodged with the appeal (3.12.2), the direct route (3.12.4), the arbitration
limit told before escalating (3.13.3), paper appeals for a player with no account (3.12.1, 3.12.3)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from appeals import services
from appeals.models import Appeal, AppealPolicy
from appeals.tests.helpers import file, received, signed
from penalties.models import Penalty
from tournaments.errors import NotFound
from tournaments.models import AuditEvent


def events(action, appeal):
    return list(AuditEvent.objects.filter(action=action, object_id=str(appeal.pk)))


# --- 3.12.2: the fee is lodged with the appeal ------------------------------------------------------


@pytest.mark.django_db
def test_3_12_2_a_fee_not_received_blocks_the_decision(
    player_user, team_leader, chief_referee, organizer, ended_sheet, registrations
):
    appeal = services.appeal_sign(actor=team_leader, appeal=file(player_user, ended_sheet, registrations[0]))
    assert (appeal.fee_status, appeal.fee_received_by, appeal.fee_received_at) == ("awaiting", None, None)
    with pytest.raises(ValidationError) as caught:
        services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="upheld", reasons="In time.")
    assert caught.value.code == "fee_awaiting" and "3.12.2" in caught.value.messages[0]
    appeal.refresh_from_db()
    assert (appeal.status, appeal.decisions.count(), Penalty.objects.get().status) == ("open", 0, "active")
    services.appeal_fee_receive(actor=organizer, appeal=appeal)
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="upheld", reasons="In time.")
    assert (appeal.status, appeal.fee_status) == ("upheld", "refunded")


@pytest.mark.django_db
def test_3_12_2_fee_received_refunded_forfeited_recorded_with_who_and_when(
    player_user, team_leader, chief_referee, organizer, ended_sheet, registrations
):
    appeal = services.appeal_sign(actor=team_leader, appeal=file(player_user, ended_sheet, registrations[0]))
    appeal = services.appeal_fee_receive(actor=organizer, appeal=appeal)
    assert (appeal.fee_status, appeal.fee_received_by) == ("paid", organizer)
    assert appeal.fee_received_at is not None
    [receipt] = events("appeal.fee_received", appeal)
    assert (receipt.actor, receipt.detail) == (organizer, {"fee": "200.00 USD"})
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="upheld", reasons="No foul.")
    assert (appeal.fee_status, appeal.fee_settled_by) == ("refunded", chief_referee)
    assert appeal.fee_settled_at >= appeal.fee_received_at
    [refund] = events("appeal.fee_refunded", appeal)
    assert refund.actor == chief_referee and refund.detail["fee"] == "200.00 USD"
    assert not events("appeal.fee_forfeited", appeal)

    second = signed(file(player_user, ended_sheet, registrations[0], subject="sheet", penalty=None), team_leader)
    second = services.appeal_decide(actor=chief_referee, appeal=second, outcome="rejected", reasons="Correct.")
    assert (second.fee_status, second.fee_settled_by) == ("forfeited", chief_referee)
    [forfeit] = events("appeal.fee_forfeited", second)
    assert forfeit.actor == chief_referee
    assert not events("appeal.fee_refunded", second)


@pytest.mark.django_db
def test_3_12_2_the_organizing_committee_receives_the_fee_once(
    player_user, team_leader, chief_referee, referee, arbitrator, organizer, ended_sheet, registrations
):
    appeal = file(player_user, ended_sheet, registrations[0])
    for stranger in (chief_referee, referee, arbitrator, player_user, team_leader):
        with pytest.raises(NotFound):
            services.appeal_fee_receive(actor=stranger, appeal=appeal)
    services.appeal_fee_receive(actor=organizer, appeal=appeal)
    with pytest.raises(ValidationError) as caught:
        services.appeal_fee_receive(actor=organizer, appeal=appeal)
    assert caught.value.code == "fee_not_awaited"
    assert len(events("appeal.fee_received", appeal)) == 1


@pytest.mark.django_db
def test_3_12_2_the_fee_is_the_tournaments_in_the_currency_it_names(
    player_user, organizer, ended_sheet, registrations, tournament, client_for
):
    services.appeal_policy_update(actor=organizer, tournament=tournament, window_minutes=30,
                                  fee_amount=Decimal("1500.00"), fee_currency="cny", other_appeals_body="arbitration")
    appeal = file(player_user, ended_sheet, registrations[0])
    assert (appeal.fee_amount, appeal.fee_currency) == (Decimal("1500.00"), "CNY")
    page = client_for(organizer).get(f"/appeals/{appeal.pk}/").content.decode()
    assert "Record 1500.00 CNY as received" in page
    # The amount is the one filed with: a later change of the setting does not change it.
    services.appeal_policy_update(actor=organizer, tournament=tournament, window_minutes=30,
                                  fee_amount=Decimal("200.00"), fee_currency="USD", other_appeals_body="arbitration")
    appeal.refresh_from_db()
    assert (appeal.fee_amount, appeal.fee_currency) == (Decimal("1500.00"), "CNY")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "amount, currency, field",
    [
        (Decimal("-1"), "USD", "fee_amount"),
        (Decimal("0"), "USD", "fee_amount"),  # no fee at all: 3.12.2 asks for one
        (Decimal("200"), "XYZ", "fee_currency"),  # not an ISO 4217 code
        (Decimal("200"), "EURO", "fee_currency"),
        (Decimal("200"), "", "fee_currency"),
    ],
)
def test_3_12_2_bad_fee_settings_are_refused_with_the_reason(organizer, tournament, amount, currency, field):
    with pytest.raises(ValidationError) as caught:
        services.appeal_policy_update(actor=organizer, tournament=tournament, window_minutes=30, fee_amount=amount,
                                      fee_currency=currency, other_appeals_body="arbitration")
    assert set(caught.value.message_dict) == {field}
    assert "3.12.2" in caught.value.message_dict[field][0]
    assert not AppealPolicy.objects.exists() and not AuditEvent.objects.filter(action="appeal_policy.updated")


@pytest.mark.django_db
def test_3_12_2_bad_fee_settings_on_the_page(client_for, published, organizer):
    page = client_for(organizer)
    for amount, currency, field, says in [("0", "USD", "fee_amount", "more than 0"),
                                          ("200", "ABC", "fee_currency", "ISO 4217")]:
        answer = page.post(f"/t/{published.pk}/appeal-settings/", {
            "window_minutes": 30, "fee_amount": amount, "fee_currency": currency, "other_appeals_body": "arbitration"})
        assert answer.status_code == 200 and says in " ".join(answer.context["form"].errors[field])
    assert not AppealPolicy.objects.exists()


@pytest.mark.django_db
def test_3_12_2_a_fee_below_zero_cannot_be_stored(tournament):
    from django.db import IntegrityError, transaction

    for amount in (Decimal("0"), Decimal("-5")):
        with pytest.raises(IntegrityError), transaction.atomic():
            AppealPolicy.objects.create(tournament=tournament, fee_amount=amount)


# --- 3.12.4: straight to the arbitration committee ----------------------------------------------------


@pytest.mark.django_db
def test_3_12_4_the_direct_route(
    player_user, team_leader, chief_referee, arbitrator, ended_sheet, registrations, tournament
):
    AppealPolicy.objects.create(tournament=tournament, other_appeals_body="organizer")
    appeal = signed(file(player_user, ended_sheet, registrations[0], subject="sheet", penalty=None, direct=True),
                    team_leader)
    assert (appeal.stage, appeal.direct_to_arbitration, appeal.category) == ("arbitration", True, "rules")
    [filed] = events("appeal.filed", appeal)
    assert filed.detail["direct"] is True
    # Not before the chief referee (3.13.1 is skipped by the appellant's choice).
    with pytest.raises(ValidationError, match="not before you"):
        services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="No.")
    appeal = services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="rejected", reasons="The sheet is right.")
    assert (appeal.status, appeal.fee_status) == ("rejected", "forfeited")
    # The committee decided: there is nothing further to escalate to.
    with pytest.raises(ValidationError):
        services.appeal_escalate(actor=player_user, appeal=appeal, statement="Again.")
    # Another (3.13.2) appeal sent straight goes to the committee too, not to the organizers.
    other = file(player_user, ended_sheet, registrations[0], subject="sheet", category="other", penalty=None,
                 direct=True)
    assert other.stage == "arbitration"


@pytest.mark.django_db
def test_3_12_4_3_13_3_the_chief_referees_penalty_sent_straight_is_told_first_and_stands(
    client_for, player_user, team_leader, arbitrator, chief_referee, ended_sheet, registrations
):
    """3.13.3 "不得否决裁判长…所做的判罚": the chief referee's own penalty, brought straight to the committee."""
    Penalty.objects.update(created_by=chief_referee)
    with pytest.raises(ValidationError) as caught:
        file(player_user, ended_sheet, registrations[0], direct=True)
    assert "3.13.3" in caught.value.message_dict["acknowledged_3_13_3"][0]
    assert not Appeal.objects.exists()
    appeal = signed(file(player_user, ended_sheet, registrations[0], direct=True, acknowledged_3_13_3=True),
                    team_leader)
    assert appeal.stage == "arbitration"
    assert events("appeal.filed", appeal)[0].detail["acknowledged_3_13_3"] is True
    with pytest.raises(ValidationError) as refused:
        services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="upheld", reasons="We disagree.")
    assert refused.value.code == "arbitration_limit"
    # The page offers the committee only to confirm it (issue 29: "Uphold" was offered, then refused).
    page = client_for(arbitrator).get(f"/appeals/{appeal.pk}/").content.decode()
    assert 'value="upheld"' not in page and "Confirm the sanction" in page
    posted = client_for(arbitrator).post(f"/appeals/{appeal.pk}/decide/", {"outcome": "upheld", "reasons": "No."})
    assert posted.status_code == 200 and Appeal.objects.get(pk=appeal.pk).status == "open"
    appeal = services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="rejected", reasons="It stands.")
    assert (appeal.fee_status, Penalty.objects.get().status) == ("forfeited", "active")


@pytest.mark.django_db
def test_3_12_4_a_table_referees_penalty_sent_straight_is_decided_by_the_committee(
    player_user, team_leader, arbitrator, ended_sheet, registrations
):
    """3.12.4 "所有申诉材料可直接呈报仲裁委员会": a table referee's (裁判员) penalty no chief referee reviewed is no
    ruling of the 裁判长 (3.13.3 names the chief referee): the committee may uphold the appeal."""
    appeal = signed(file(player_user, ended_sheet, registrations[0], direct=True), team_leader)  # nothing to tell
    assert appeal.stage == "arbitration" and events("appeal.filed", appeal)[0].detail["acknowledged_3_13_3"] is False
    appeal = services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="upheld",
                                    reasons="The exposed tile was the wind of the round.")
    assert (appeal.status, appeal.fee_status, Penalty.objects.get().status) == ("upheld", "refunded", "cancelled")


@pytest.mark.django_db
def test_3_12_4_the_filing_page_offers_the_route_and_the_3_13_3_warning(
    client_for, published, ended_sheet, registrations, player_user, chief_referee
):
    Penalty.objects.update(created_by=chief_referee)  # the chief referee's penalty: 3.13.3 is told first
    phone = client_for(player_user)
    form = phone.get(f"/t/{published.pk}/appeals/new/").content.decode()
    assert 'name="route" value="direct"' in form and "3.12.4" in form
    assert 'name="acknowledged_3_13_3"' in form and "cannot overturn a penalty" in form
    assert "200.00 USD" in form and "record it as received" in form
    penalty = Penalty.objects.get()
    values = {"appellant": registrations[0].pk, "sheet": ended_sheet.pk, "subject": "penalty", "penalty": penalty.pk,
              "category": "rules", "route": "direct", "statement": "The call was in time."}
    refused = phone.post(f"/t/{published.pk}/appeals/new/", values)
    assert refused.status_code == 200 and "acknowledged_3_13_3" in refused.context["form"].errors
    assert not Appeal.objects.exists()
    filed = phone.post(f"/t/{published.pk}/appeals/new/", {**values, "acknowledged_3_13_3": "on"})
    assert filed.status_code == 302
    appeal = Appeal.objects.get()
    assert (appeal.stage, appeal.direct_to_arbitration, appeal.fee_status) == ("arbitration", True, "awaiting")
    page = phone.get(f"/appeals/{appeal.pk}/").content.decode()
    assert "Awaiting receipt" in page and "sent straight to the arbitration committee" in page


# --- 3.13.3: escalation told, no second fee -----------------------------------------------------------


@pytest.mark.django_db
def test_3_13_3_escalating_a_penalty_appeal_is_told_and_takes_no_second_fee(
    client_for, player_user, team_leader, chief_referee, arbitrator, ended_sheet, registrations
):
    appeal = signed(file(player_user, ended_sheet, registrations[0]), team_leader)
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="Late call.")
    settled = (appeal.fee_settled_by, appeal.fee_settled_at)
    page = client_for(player_user).get(f"/appeals/{appeal.pk}/").content.decode()
    assert "cannot overturn a penalty" in page and 'name="acknowledged_3_13_3"' in page
    assert "No second fee" in page
    refused = client_for(player_user).post(f"/appeals/{appeal.pk}/escalate/", {"statement": "Please review."})
    assert refused.status_code == 200 and "acknowledged_3_13_3" in refused.context["escalate_form"].errors
    appeal.refresh_from_db()
    assert (appeal.stage, appeal.status) == ("chief_referee", "rejected")
    assert client_for(player_user).post(
        f"/appeals/{appeal.pk}/escalate/", {"statement": "Please review.", "acknowledged_3_13_3": "on"}
    ).status_code == 302
    appeal.refresh_from_db()
    # The fee forfeited by the chief referee's rejection stays forfeited; nothing awaits receipt.
    assert (appeal.stage, appeal.status, appeal.fee_status) == ("arbitration", "open", "forfeited")
    assert (appeal.fee_settled_by, appeal.fee_settled_at) == settled
    assert events("appeal.escalated", appeal)[0].detail == {"fee": "forfeited", "acknowledged_3_13_3": True}
    # The committee reviews and confirms, at once (no fee step), and no second forfeiture is recorded.
    appeal = services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="rejected", reasons="It stands.")
    assert appeal.fee_status == "forfeited" and len(events("appeal.fee_forfeited", appeal)) == 1


@pytest.mark.django_db
def test_3_13_1_escalating_another_appeal_holds_the_same_fee_again(
    client_for, player_user, team_leader, chief_referee, arbitrator, organizer, ended_sheet, registrations
):
    appeal = signed(file(player_user, ended_sheet, registrations[0], subject="sheet", penalty=None), team_leader)
    received_by, received_at = appeal.fee_received_by, appeal.fee_received_at
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="Correct.")
    page = client_for(player_user).get(f"/appeals/{appeal.pk}/").content.decode()
    assert 'name="acknowledged_3_13_3"' not in page and "held again" in page
    appeal = services.appeal_escalate(actor=player_user, appeal=appeal, statement="Please review.")
    assert (appeal.fee_status, appeal.fee_received_by, appeal.fee_received_at) == ("paid", received_by, received_at)
    assert (appeal.fee_settled_by, appeal.fee_settled_at) == (None, None)
    # No second receipt: the committee may decide now, and refunds the fee if it upholds.
    appeal = services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="upheld", reasons="Totals were wrong.")
    assert (appeal.fee_status, appeal.fee_settled_by) == ("refunded", arbitrator)
    assert len(events("appeal.fee_received", appeal)) == 1


# --- 3.12.1, 3.12.3: a paper appeal for a player with no account and no team leader ------------------


@pytest.mark.django_db
def test_3_12_1_a_paper_appeal_by_the_chief_referee_for_a_player_with_no_account(
    client_for, published, chief_referee, organizer, referee, player_user, ended_sheet, registrations, teams
):
    from tournaments.models import Membership

    entry_2 = registrations[1]
    assert entry_2.player.user_id is None and teams[0].leader_id is None
    assert not Membership.objects.filter(role="team_leader").exists()  # nobody can file for entry 2 from a phone
    chief = client_for(chief_referee)
    form = chief.get(f"/t/{published.pk}/appeals/paper/")
    assert form.status_code == 200 and "2 Player 2" in form.content.decode()
    assert 'name="handed_in_at"' in form.content.decode()
    assert "Enter a paper appeal" in chief.get(f"/t/{published.pk}/appeals/").content.decode()
    entered = chief.post(f"/t/{published.pk}/appeals/paper/", {
        "appellant": entry_2.pk, "sheet": ended_sheet.pk, "subject": "sheet", "category": "rules",
        "statement": "Hand 1 was scored for the wrong winner.",
    })
    assert entered.status_code == 302
    appeal = Appeal.objects.get()
    assert (appeal.on_paper, appeal.filed_by, appeal.appellant) == (True, chief_referee, entry_2)
    assert (appeal.appellant_signed_at, appeal.fee_status) == (None, "awaiting")  # signatures come from the paper
    [filed] = events("appeal.filed", appeal)
    assert (filed.actor, filed.detail["on_paper"]) == (chief_referee, True)
    assert "on paper" in chief.get(f"/t/{published.pk}/appeals/").content.decode()
    page = chief.get(f"/appeals/{appeal.pk}/").content.decode()
    assert "Handed in on paper" in page and 'name="signer" value="appellant"' in page
    # Not valid before the appellant's signature (3.12.3) nor before the fee (3.12.2).
    with pytest.raises(ValidationError, match="3.12.3"):
        services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="No.")
    services.appeal_paper_signature_record(actor=chief_referee, appeal=appeal, signer="appellant")
    with pytest.raises(ValidationError, match="3.12.2"):
        services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="No.")
    services.appeal_fee_receive(actor=organizer, appeal=appeal)
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="Correct.")
    assert appeal.status == "rejected"


@pytest.mark.django_db
def test_3_12_1_who_enters_a_paper_appeal(
    client_for, published, chief_referee, organizer, referee, arbitrator, player_user, ended_sheet, registrations
):
    values = {"sheet": ended_sheet, "appellant": registrations[1], "subject": "sheet", "category": "other",
              "statement": "Totals."}
    for stranger in (referee, arbitrator, player_user):
        with pytest.raises(NotFound):
            services.appeal_file_on_paper(actor=stranger, **values)
        assert client_for(stranger).get(f"/t/{published.pk}/appeals/paper/").status_code == 404
    appeal = services.appeal_file_on_paper(actor=organizer, **values)
    assert (appeal.on_paper, appeal.filed_by, appeal.stage) == (True, organizer, "arbitration")
    # Only a player of that table (3.12.1), within the window (3.12.2).
    with pytest.raises(ValidationError, match="did not play"):
        services.appeal_file_on_paper(actor=organizer, **{**values, "appellant": registrations[8]})
    with pytest.raises(ValidationError, match="3.12.2"):
        services.appeal_file_on_paper(
            actor=organizer, **values, now=ended_sheet.session.ended_at + dt.timedelta(minutes=31)
        )


# --- 3.12.3: signing ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_3_12_3_a_decided_appeal_is_not_signed_and_no_signature_answers_500(
    client_for, player_user, team_leader, chief_referee, organizer, ended_sheet, registrations
):
    # Entry 2 (no account) by the team leader: the appellant's signature is missing.
    appeal = received(file(team_leader, ended_sheet, registrations[1], subject="sheet", penalty=None))
    services.appeal_paper_signature_record(actor=chief_referee, appeal=appeal, signer="appellant")
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="Correct.")
    # The team leader signed by filing; signing the decided appeal is refused with the reason.
    with pytest.raises(ValidationError) as caught:
        services.appeal_sign(actor=team_leader, appeal=appeal)
    assert caught.value.code == "decided"
    answer = client_for(team_leader).post(f"/appeals/{appeal.pk}/sign/")
    assert answer.status_code == 200 and "This appeal has been decided" in answer.content.decode()
    for signer in ("appellant", "leader", "bogus", ""):
        answer = client_for(chief_referee).post(f"/appeals/{appeal.pk}/paper-signature/", {"signer": signer})
        assert answer.status_code == 200, signer
    # Twice on an open appeal: the second is told, not a 500.
    second = file(player_user, ended_sheet, registrations[0], subject="sheet", penalty=None)
    assert client_for(team_leader).post(f"/appeals/{second.pk}/sign/").status_code == 302
    twice = client_for(team_leader).post(f"/appeals/{second.pk}/sign/")
    assert twice.status_code == 200 and "nothing for you to sign" in twice.content.decode()
    assert AuditEvent.objects.filter(action="appeal.signed", object_id=str(second.pk)).count() == 1


@pytest.mark.django_db
def test_3_12_2_a_paper_appeal_counts_the_30_minutes_to_when_it_was_handed_in(
    organizer, ended_sheet, registrations
):
    ended = ended_sheet.session.ended_at
    values = {"sheet": ended_sheet, "appellant": registrations[1], "subject": "sheet", "category": "rules",
              "statement": "Totals."}
    appeal = services.appeal_file_on_paper(actor=organizer, **values, handed_in_at=ended + dt.timedelta(minutes=30),
                                           now=ended + dt.timedelta(minutes=40))
    assert appeal.filed_at == ended + dt.timedelta(minutes=30)
    assert events("appeal.filed", appeal)[0].detail["handed_in_at"] == appeal.filed_at.isoformat()
    with pytest.raises(ValidationError, match="3.12.2"):  # handed in too late
        services.appeal_file_on_paper(actor=organizer, **values, handed_in_at=ended + dt.timedelta(minutes=31),
                                      now=ended + dt.timedelta(minutes=40))
    with pytest.raises(ValidationError) as future:
        services.appeal_file_on_paper(actor=organizer, **values, handed_in_at=ended + dt.timedelta(minutes=11),
                                      now=ended + dt.timedelta(minutes=10))
    assert "future" in future.value.message_dict["handed_in_at"][0]
    started = ended_sheet.session.started_at
    with pytest.raises(ValidationError) as early:
        services.appeal_file_on_paper(actor=organizer, **values, handed_in_at=started - dt.timedelta(minutes=1),
                                      now=ended + dt.timedelta(minutes=10))
    assert "before the session started" in early.value.message_dict["handed_in_at"][0]
    assert Appeal.objects.count() == 1


@pytest.mark.django_db
def test_3_12_2_the_admin_refuses_an_unknown_currency(tournament):
    policy = AppealPolicy(tournament=tournament, fee_currency="XYZ")
    with pytest.raises(ValidationError) as caught:
        policy.full_clean()
    assert "fee_currency" in caught.value.message_dict
    AppealPolicy(tournament=tournament, fee_currency="JPY", fee_amount=Decimal("30000")).full_clean()
