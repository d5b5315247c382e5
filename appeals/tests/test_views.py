"""Appeal and foul pages: who may see and do what, and the whole route through the pages."""

import re

import pytest

from appeals.models import Appeal
from penalties.models import Penalty
from tournaments.sessions import services as session_services

ROLES = ["organizer", "chief_referee", "referee", "arbitrator", "team_leader", "player_user", "outsider"]


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_appeals_page_by_role(client_for, published, fouled_sheet, everyone, role):
    response = client_for(everyone[role]).get(f"/t/{published.pk}/appeals/")
    # Players and team leaders file; the chief referee, arbitrators and organizers decide or oversee.
    allowed = role in {"organizer", "chief_referee", "arbitrator", "team_leader", "player_user"}
    assert response.status_code == (200 if allowed else 404)
    new = client_for(everyone[role]).get(f"/t/{published.pk}/appeals/new/")
    assert new.status_code == (200 if role in {"team_leader", "player_user"} else 404)


@pytest.mark.django_db
def test_the_route_through_the_pages(
    client_for,
    published,
    fouled_sheet,
    registrations,
    player_user,
    team_leader,
    chief_referee,
    organizer,
    pins,
    referee,
    django_capture_on_commit_callbacks,
):
    session_services.session_end(actor=organizer, session=fouled_sheet.session)
    penalty = Penalty.objects.get()
    player = client_for(player_user)
    filed = player.post(f"/t/{published.pk}/appeals/new/", {
        "appellant": registrations[0].pk, "sheet": fouled_sheet.pk, "subject": "penalty", "penalty": penalty.pk,
        "category": "rules", "statement": "I did nothing wrong.",
    })
    assert filed.status_code == 302, filed.content.decode()[:2000]
    appeal = Appeal.objects.get()
    assert client_for(team_leader).post(f"/appeals/{appeal.pk}/sign/").status_code == 302
    overview = client_for(organizer).get(f"/t/{published.pk}/appeals/").content.decode()
    assert f"/appeals/{appeal.pk}/" in overview and "data-countdown" in overview
    chief = client_for(chief_referee)
    assert f"/appeals/{appeal.pk}/" in chief.get(f"/t/{published.pk}/appeals/").content.decode()
    # 3.12.2: not decided before the organizer records the fee as received.
    waiting = chief.get(f"/appeals/{appeal.pk}/").content.decode()
    assert f'action="/appeals/{appeal.pk}/decide/"' not in waiting and "fee has not been received" in waiting
    assert f'action="/appeals/{appeal.pk}/fee-received/"' not in waiting  # the chief referee does not take money
    organizer_page = client_for(organizer).get(f"/appeals/{appeal.pk}/").content.decode()
    assert f'action="/appeals/{appeal.pk}/fee-received/"' in organizer_page and "200.00 USD" in organizer_page
    assert client_for(organizer).post(f"/appeals/{appeal.pk}/fee-received/").status_code == 302
    assert client_for(chief_referee).post(f"/appeals/{appeal.pk}/fee-received/").status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        decided = chief.post(f"/appeals/{appeal.pk}/decide/", {"outcome": "upheld", "reasons": "No foul."})
    assert decided.status_code == 302
    appeal.refresh_from_db()
    penalty.refresh_from_db()
    assert (appeal.status, appeal.fee_status, penalty.status) == ("upheld", "refunded", "cancelled")
    assert client_for(referee).get(f"/appeals/{appeal.pk}/").status_code == 404


@pytest.mark.django_db
def test_the_board_shows_open_appeals_and_the_countdown(
    client_for, published, fouled_sheet, organizer, player_user, registrations
):
    session_services.session_end(actor=organizer, session=fouled_sheet.session)
    client_for(player_user).post(f"/t/{published.pk}/appeals/new/", {
        "appellant": registrations[0].pk, "sheet": fouled_sheet.pk, "subject": "sheet", "category": "other",
        "statement": "The totals are wrong.",
    })
    appeal = Appeal.objects.get()
    board = client_for(organizer).get(f"/t/{published.pk}/board/").content.decode()
    assert f"/appeals/{appeal.pk}/" in board
    assert "data-countdown" in board and "js/countdown.js" in board


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_settings_pages_for_organizers_only(client_for, published, everyone, role):
    for url in (f"/t/{published.pk}/penalty-settings/", f"/t/{published.pk}/appeal-settings/"):
        assert client_for(everyone[role]).get(url).status_code == (200 if role == "organizer" else 404)


@pytest.mark.django_db
def test_settings_are_saved_audited_and_checked(client_for, published, organizer):
    from appeals.models import AppealPolicy
    from penalties.models import PenaltyPolicy
    from tournaments.models import AuditEvent

    client = client_for(organizer)
    settings = {"escalation": "flat", "disqualification_at_table": "stop"}
    assert client.post(f"/t/{published.pk}/penalty-settings/", settings).status_code == 302
    assert PenaltyPolicy.objects.get(tournament=published).escalation == "flat"
    response = client.post(f"/t/{published.pk}/appeal-settings/", {
        "window_minutes": 45, "fee_amount": "150.00", "fee_currency": "eur", "other_appeals_body": "organizer"})
    assert response.status_code == 302
    policy = AppealPolicy.objects.get(tournament=published)
    assert (policy.window_minutes, str(policy.fee_amount), policy.fee_currency) == (45, "150.00", "EUR")
    bad = client.post(f"/t/{published.pk}/appeal-settings/", {
        "window_minutes": 0, "fee_amount": "-1", "fee_currency": "euro", "other_appeals_body": "nobody"})
    assert bad.status_code == 200
    assert set(bad.context["form"].errors) == {"window_minutes", "fee_amount", "fee_currency", "other_appeals_body"}
    assert AuditEvent.objects.filter(action__in=["penalty_policy.updated", "appeal_policy.updated"]).count() == 2
    detail = client.get(f"/t/{published.pk}/").content.decode()
    assert "/penalty-settings/" in detail and "/appeal-settings/" in detail


@pytest.mark.django_db
def test_a_refused_decision_keeps_the_tiles_entered(
    client_for, published, fouled_sheet, registrations, player_user, chief_referee, organizer
):
    session_services.session_end(actor=organizer, session=fouled_sheet.session)
    client_for(player_user).post(f"/t/{published.pk}/appeals/new/", {
        "appellant": registrations[0].pk, "sheet": fouled_sheet.pk, "subject": "sheet", "category": "rules",
        "statement": "The hand was scored wrong.",
    })
    appeal = Appeal.objects.get()
    assert client_for(organizer).post(f"/appeals/{appeal.pk}/fee-received/").status_code == 302
    refused = client_for(chief_referee).post(f"/appeals/{appeal.pk}/decide/", {
        "outcome": "upheld", "reasons": "", "result": "win", "winner": 0, "discarder": 1,
        "tiles": "123m456m789m14p55s+6p", "flowers": 0})
    assert refused.status_code in (200, 400)
    assert 'name="tiles" value="123m456m789m14p55s+6p" data-role="notation"' in refused.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_the_appeals_link_shows_only_to_whom_the_page_opens(client_for, published, everyone, role):
    client = client_for(everyone[role])
    linked = f'href="/t/{published.pk}/appeals/"' in client.get(f"/t/{published.pk}/").content.decode()
    assert linked == (client.get(f"/t/{published.pk}/appeals/").status_code == 200)


@pytest.mark.django_db
def test_no_appeals_link_for_a_logged_in_stranger_or_a_visitor(client_for, published, outsider):
    assert "/appeals/" not in client_for(outsider).get(f"/t/{published.pk}/").content.decode()
    assert "/appeals/" not in client_for(None).get(f"/t/{published.pk}/").content.decode()


@pytest.mark.django_db
def test_a_team_leaders_appeal_form_says_whose_table_each_is(
    client_for, published, running_session, organizer, team_leader, player_user
):
    session_services.session_end(actor=organizer, session=running_session)
    # Team 1 is entries 1-4, all at table 1 in the fixture's seating.
    leader = client_for(team_leader).get(f"/t/{published.pk}/appeals/new/").content.decode()
    assert "Session 1, table 1 · 1 Player 1 · 2 Player 2 · 3 Player 3 · 4 Player 4" in leader
    own = client_for(player_user).get(f"/t/{published.pk}/appeals/new/").content.decode()
    assert "Session 1, table 1<" in own


@pytest.mark.django_db
def test_the_appeal_form_does_not_offer_a_cancelled_penalty(
    client_for, published, fouled_sheet, chief_referee, player_user, organizer
):
    from penalties.services import penalty_cancel

    session_services.session_end(actor=organizer, session=fouled_sheet.session)
    penalty = Penalty.objects.get()

    def offered():
        page = client_for(player_user).get(f"/t/{published.pk}/appeals/new/").content.decode()
        choices = re.search(r'<select name="penalty".*?</select>', page, re.S).group(0)
        return f'value="{penalty.pk}"' in choices

    assert offered()
    penalty_cancel(actor=chief_referee, penalty=penalty, reason="The referee erred.")
    assert not offered()


@pytest.mark.django_db
def test_the_chief_referee_records_a_signature_on_the_paper_form(
    client_for, published, fouled_sheet, registrations, team_leader, chief_referee, organizer
):
    # Entry 2 has no account: the team leader files; the player signs the paper form (3.12.3).
    session_services.session_end(actor=organizer, session=fouled_sheet.session)
    client_for(team_leader).post(f"/t/{published.pk}/appeals/new/", {
        "appellant": registrations[1].pk, "sheet": fouled_sheet.pk, "subject": "sheet", "category": "rules",
        "statement": "The hand was scored wrong.",
    })
    appeal = Appeal.objects.get()
    assert "paper-signature" not in client_for(team_leader).get(f"/appeals/{appeal.pk}/").content.decode()
    page = client_for(chief_referee).get(f"/appeals/{appeal.pk}/").content.decode()
    assert f'action="/appeals/{appeal.pk}/paper-signature/"' in page and 'name="signer" value="appellant"' in page
    client_for(chief_referee).post(f"/appeals/{appeal.pk}/paper-signature/", {"signer": "appellant"})
    appeal.refresh_from_db()
    assert appeal.appellant_signed_at is not None
    assert 'value="appellant"' not in client_for(chief_referee).get(f"/appeals/{appeal.pk}/").content.decode()


@pytest.mark.django_db
def test_one_view_per_action_on_an_appeal(client_for, published, fouled_sheet, registrations, player_user, team_leader,
                                          chief_referee, arbitrator, referee, organizer):
    session_services.session_end(actor=organizer, session=fouled_sheet.session)
    client_for(player_user).post(f"/t/{published.pk}/appeals/new/", {
        "appellant": registrations[0].pk, "sheet": fouled_sheet.pk, "subject": "sheet", "category": "rules",
        "statement": "The totals are wrong.",
    })
    appeal = Appeal.objects.get()
    page = f"/appeals/{appeal.pk}/"
    # The page itself takes no POST: each action has its own address.
    assert client_for(team_leader).post(page, {"sign": "1"}).status_code == 405
    # Not yet signed by the team leader: the chief referee is told why there is no decision form,
    # and a decision sent anyway is refused with that reason, on the page, nothing saved.
    chief_page = client_for(chief_referee).get(page).content.decode()
    unsigned = "until the appellant and the team leader have signed"
    assert f'action="{page}decide/"' not in chief_page and unsigned in chief_page
    refused = client_for(chief_referee).post(f"{page}decide/", {"outcome": "rejected", "reasons": "No."})
    assert refused.status_code == 200 and unsigned in refused.content.decode()
    assert f'name="next" value="{page}"' in refused.content.decode()
    # Someone an action is not for gets 404, as for a page they may not see.
    assert client_for(arbitrator).post(f"{page}sign/").status_code == 404
    assert client_for(referee).post(f"{page}sign/").status_code == 404  # the appeal itself is hidden from him
    assert client_for(player_user).post(f"{page}decide/", {"outcome": "upheld", "reasons": "Yes."}).status_code == 404
    assert client_for(player_user).post(f"{page}paper-signature/", {"signer": "leader"}).status_code == 404
    # Nothing left to sign: the reason as a message.
    again = client_for(player_user).post(f"{page}sign/")
    assert again.status_code == 200 and "There is nothing for you to sign on this appeal." in again.content.decode()
    assert f'action="{page}sign/"' in client_for(team_leader).get(page).content.decode()
    assert client_for(team_leader).post(f"{page}sign/").status_code == 302
    chief_page = client_for(chief_referee).get(page).content.decode()
    assert f'action="{page}decide/"' not in chief_page and "fee has not been received" in chief_page
    assert client_for(organizer).post(f"{page}fee-received/").status_code == 302
    again = client_for(organizer).post(f"{page}fee-received/")  # twice: said, not a 500
    assert again.status_code == 200 and "not awaiting receipt" in again.content.decode()
    chief_page = client_for(chief_referee).get(page).content.decode()
    assert f'action="{page}decide/"' in chief_page and "until the appellant" not in chief_page
    assert f'action="{page}decide/"' not in client_for(arbitrator).get(page).content.decode()  # not before him
    bad = client_for(chief_referee).post(f"{page}decide/", {"outcome": "rejected", "reasons": ""})
    assert bad.status_code == 200 and "reasons" in bad.context["decision_form"].errors
    decided = client_for(chief_referee).post(f"{page}decide/", {"outcome": "rejected", "reasons": "No."})
    assert decided.status_code == 302
    appeal.refresh_from_db()
    assert appeal.status == "rejected"
    # 3.12.3: a decided appeal is not signed any more: said, not a 500.
    signed_late = client_for(team_leader).post(f"{page}sign/")
    assert signed_late.status_code == 200 and "This appeal has been decided" in signed_late.content.decode()
    assert f'action="{page}escalate/"' in client_for(player_user).get(page).content.decode()
    empty = client_for(player_user).post(f"{page}escalate/", {"statement": ""})
    assert empty.status_code == 200 and "statement" in empty.context["escalate_form"].errors
    assert client_for(player_user).post(f"{page}escalate/", {"statement": "Please review."}).status_code == 302
    appeal.refresh_from_db()
    assert (appeal.stage, appeal.status) == ("arbitration", "open")
    # Escalated meanwhile: a second escalation finds no form to show its error on, so it is a message.
    late = client_for(player_user).post(f"{page}escalate/", {"statement": "Again."})
    assert late.status_code == 200 and "Only a rules appeal the chief referee rejected" in late.content.decode()
