"""An appeal against a 3.11.5 rank cancellation (issue 27).

3.12.1 "选手或其领队对裁判员在其比赛桌上所作的任何裁决，有提出申诉的权利": a rank cancellation is a decision too,
though it may come after the event, away from any table. Its window (3.12.2, a tournament setting) runs
from the decision; it is a rules appeal (3.13.1: the chief referee first) or goes straight to the arbitration
committee (3.12.4), which cannot overturn the chief referee's cancellation (3.13.3). Upheld, the cancellation
is withdrawn and the rank comes back.
"""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from appeals import services
from appeals.models import Appeal
from appeals.tests.helpers import signed
from penalties.models import RankCancellation
from penalties.services import rank_cancel
from tournaments.errors import NotFound
from tournaments.models import AuditEvent


def cancelled(actor, tournament, registration):
    return rank_cancel(actor=actor, tournament=tournament, registration=registration,
                       reason="Illegal gain found after the event (3.11.5).")


def file(actor, cancellation, **overrides):
    values = {"statement": "No gain was made: the tiles were returned at once."}
    values.update(overrides)
    return services.appeal_file_against_rank_cancellation(actor=actor, cancellation=cancellation, **values)


@pytest.mark.django_db
def test_3_12_1_3_11_5_the_player_appeals_the_chief_referee_upholds_and_the_rank_comes_back(
    player_user, team_leader, chief_referee, organizer, registrations, tournament
):
    cancellation = cancelled(organizer, tournament, registrations[0])
    appeal = signed(file(player_user, cancellation), team_leader)
    assert (appeal.subject, appeal.category, appeal.stage) == ("rank_cancellation", "rules", "chief_referee")
    assert (appeal.session, appeal.sheet, appeal.rank_cancellation) == (None, None, cancellation)
    assert AuditEvent.objects.get(action="appeal.filed", object_id=str(appeal.pk)).detail["subject"] == (
        "rank_cancellation")
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="upheld",
                                    reasons="The gain was not proven.")
    assert (appeal.status, appeal.fee_status) == ("upheld", "refunded")
    cancellation.refresh_from_db()
    assert cancellation.status == "withdrawn" and f"Appeal #{appeal.pk} upheld" in cancellation.withdraw_reason


@pytest.mark.django_db
@pytest.mark.parametrize("after, accepted", [(dt.timedelta(minutes=30), True),
                                             (dt.timedelta(minutes=30, seconds=1), False)])
def test_3_12_2_the_window_runs_from_the_decision(player_user, organizer, registrations, tournament, after, accepted):
    cancellation = cancelled(organizer, tournament, registrations[0])
    if accepted:
        assert file(player_user, cancellation, now=cancellation.created_at + after).pk
    else:
        with pytest.raises(ValidationError) as caught:
            file(player_user, cancellation, now=cancellation.created_at + after)
        assert caught.value.code == "late" and "after the decision" in caught.value.messages[0]
        assert not Appeal.objects.exists()


@pytest.mark.django_db
def test_3_12_4_3_13_3_the_chief_referees_cancellation_sent_straight_is_told_first_and_stands(
    player_user, team_leader, chief_referee, arbitrator, registrations, tournament
):
    cancellation = cancelled(chief_referee, tournament, registrations[0])
    with pytest.raises(ValidationError) as caught:
        file(player_user, cancellation, direct=True)
    assert "3.13.3" in caught.value.message_dict["acknowledged_3_13_3"][0]
    appeal = signed(file(player_user, cancellation, direct=True, acknowledged_3_13_3=True), team_leader)
    assert appeal.stage == "arbitration"
    with pytest.raises(ValidationError) as refused:
        services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="upheld", reasons="We disagree.")
    assert refused.value.code == "arbitration_limit"
    services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="rejected", reasons="It stands.")
    assert RankCancellation.objects.get().status == "active"


@pytest.mark.django_db
def test_3_12_4_an_organizers_cancellation_sent_straight_is_decided_by_the_committee(
    player_user, team_leader, organizer, arbitrator, registrations, tournament
):
    appeal = signed(file(player_user, cancelled(organizer, tournament, registrations[0]), direct=True), team_leader)
    services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="upheld", reasons="Not the chief referee's.")
    assert RankCancellation.objects.get().status == "withdrawn"


@pytest.mark.django_db
def test_3_13_1_a_rejected_appeal_goes_on_to_the_committee_told_of_3_13_3(
    player_user, team_leader, chief_referee, arbitrator, organizer, registrations, tournament
):
    appeal = signed(file(player_user, cancelled(organizer, tournament, registrations[0])), team_leader)
    appeal = services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="Proven.")
    with pytest.raises(ValidationError):
        services.appeal_escalate(actor=player_user, appeal=appeal, statement="Please review.")
    appeal = services.appeal_escalate(actor=player_user, appeal=appeal, statement="Please review.",
                                      acknowledged_3_13_3=True)
    assert (appeal.stage, appeal.fee_status) == ("arbitration", "forfeited")  # no second fee
    with pytest.raises(ValidationError):  # the chief referee confirmed it: 3.13.3
        services.appeal_decide(actor=arbitrator, appeal=appeal, outcome="upheld", reasons="Overturned.")


@pytest.mark.django_db
def test_3_12_1_only_the_player_or_their_leader_and_only_a_cancellation_in_force(
    player_user, team_leader, referee, organizer, registrations, tournament
):
    cancellation = cancelled(organizer, tournament, registrations[0])
    with pytest.raises(NotFound):
        file(referee, cancellation)
    with pytest.raises(ValidationError, match="in writing"):
        file(player_user, cancellation, statement="  ")
    assert file(team_leader, cancellation).leader_signed_at is not None  # the leader files and signs
    from penalties.services import rank_cancellation_withdraw

    rank_cancellation_withdraw(actor=organizer, cancellation=cancellation, reason="Withdrawn by the chief referee.")
    with pytest.raises(ValidationError, match="withdrawn"):
        file(player_user, cancellation)


@pytest.mark.django_db
def test_the_database_keeps_a_rank_cancellation_appeal_away_from_tables(
    player_user, organizer, registrations, tournament, sheet
):
    from tournaments.sessions.services import session_end

    session_end(actor=organizer, session=sheet.session)  # a cancelled rank is given away from a table in play
    appeal = file(player_user, cancelled(organizer, tournament, registrations[0]))
    with pytest.raises(IntegrityError), transaction.atomic():
        Appeal.objects.filter(pk=appeal.pk).update(sheet=sheet, session=sheet.session)
    with pytest.raises(IntegrityError), transaction.atomic():
        Appeal.objects.filter(pk=appeal.pk).update(rank_cancellation=None)


@pytest.mark.django_db
def test_the_appeals_page_offers_the_appeal_and_its_form_files_it(
    client_for, player_user, organizer, referee, registrations, published
):
    tournament = published
    cancellation = cancelled(organizer, tournament, registrations[0])
    page = client_for(player_user).get(f"/t/{tournament.pk}/appeals/").content.decode()
    url = f"/t/{tournament.pk}/rank-cancellations/{cancellation.pk}/appeal/"
    assert url in page and "was cancelled (rule 3.11.5)" in page
    assert client_for(referee).get(url).status_code == 404  # not a party
    form = client_for(player_user).get(url).content.decode()
    assert "Illegal gain found after the event" in form and "3.13.3" in form
    empty = client_for(player_user).post(url, {"route": "usual", "statement": ""})
    assert empty.status_code == 200 and not Appeal.objects.exists()
    response = client_for(player_user).post(url, {"route": "usual", "statement": "No gain."})
    appeal = Appeal.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/appeals/{appeal.pk}/"
    detail = client_for(player_user).get(f"/appeals/{appeal.pk}/").content.decode()
    assert "A rank cancellation (3.11.5)" in detail and "Illegal gain found after the event" in detail
    listing = client_for(player_user).get(f"/t/{tournament.pk}/appeals/").content.decode()
    assert f"#{appeal.pk}" in listing and "rule 3.11.5" in listing
