"""Players' own records (issue 13): self-link with entry number + PIN or the card's link, their
sheets hand by hand, the fouls against them and their appeals, and a forgotten PIN re-issued."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.urls import reverse

from testing.fixtures import make_user, member
from tournaments.errors import NotFound
from tournaments.models import AuditEvent, Registration, ScoreSheet
from tournaments.pins import PIN_ATTEMPTS
from tournaments.players import selectors, services


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # the PIN pause is counted in the cache
    yield
    cache.clear()


@pytest.fixture
def newcomer(db):
    """A user with an account but linked to no player yet."""
    return make_user("newcomer")


def _registration(tournament, entry) -> Registration:
    return tournament.registrations.select_related("player").get(entry_number=entry)


# --- self-link with entry number and PIN -----------------------------------------------------------

@pytest.mark.django_db
def test_self_link_with_entry_and_pin_links_and_audits(tournament, pins, newcomer):
    player = services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=5, pin=pins[5])
    assert player.user == newcomer and _registration(tournament, 5).player.user_id == newcomer.pk
    event = AuditEvent.objects.get(action="player.linked")
    assert event.actor == newcomer and event.detail["user"] == "newcomer"


@pytest.mark.django_db
@pytest.mark.parametrize("entry, pin", [(5, "wrong"), (99, "0000"), (5, "")])
def test_self_link_wrong_pin_or_unknown_entry_one_message(tournament, pins, newcomer, entry, pin):
    if pin == "wrong":
        pin = f"{(int(pins[5]) + 1) % 10000:04d}"
    with pytest.raises(ValidationError) as error:
        services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=entry, pin=pin)
    assert error.value.message_dict == {"pin": ["Entry number and PIN do not match."]}
    assert not Registration.objects.filter(player__user=newcomer).exists()


@pytest.mark.django_db
def test_self_link_pauses_after_wrong_pins_even_for_the_right_one(tournament, pins, newcomer):
    wrong = f"{(int(pins[5]) + 1) % 10000:04d}"
    for _ in range(PIN_ATTEMPTS):
        with pytest.raises(ValidationError):
            services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=5, pin=wrong)
    with pytest.raises(ValidationError, match="Too many wrong PINs"):
        services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=5, pin=pins[5])
    assert _registration(tournament, 5).player.user_id is None


@pytest.mark.django_db
def test_self_link_pause_counts_per_account_across_entries(tournament, pins, newcomer):
    """One account must not try a few PINs on every entry number."""
    for entry in range(1, PIN_ATTEMPTS + 1):
        wrong = f"{(int(pins[entry]) + 1) % 10000:04d}"
        with pytest.raises(ValidationError):
            services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=entry, pin=wrong)
    with pytest.raises(ValidationError, match="Too many wrong PINs"):
        services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=12, pin=pins[12])


@pytest.mark.django_db
def test_self_link_refuses_a_registration_linked_to_another_account(tournament, pins, player_user, newcomer):
    with pytest.raises(ValidationError, match="linked to another account"):
        services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=1, pin=pins[1])
    assert _registration(tournament, 1).player.user_id == player_user.pk


@pytest.mark.django_db
def test_self_link_refuses_an_account_linked_to_another_player(tournament, pins, player_user):
    with pytest.raises(ValidationError, match="already linked to another player"):
        services.player_self_link_by_pin(user=player_user, tournament=tournament, entry_number=2, pin=pins[2])


@pytest.mark.django_db
def test_self_link_page_bad_input_and_anonymous(client_for, published, pins, newcomer):
    url = reverse("tournaments:player_link", args=[published.pk])
    assert client_for(None).get(url).status_code == 302  # to the login page
    client = client_for(newcomer)
    response = client.post(url, {"entry_number": "abc", "pin": "12"})
    assert response.status_code == 400 and not Registration.objects.filter(player__user=newcomer).exists()
    response = client.post(url, {"entry_number": 5, "pin": pins[5]})
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:my_records", args=[published.pk])
    assert _registration(published, 5).player.user_id == newcomer.pk


@pytest.mark.django_db
def test_self_link_page_of_a_draft_tournament_is_404_to_outsiders(client_for, tournament, pins, newcomer):
    assert client_for(newcomer).get(reverse("tournaments:player_link", args=[tournament.pk])).status_code == 404


# --- the link printed on the schedule card ---------------------------------------------------------

@pytest.mark.django_db
def test_card_link_links_after_confirming(client_for, tournament, pins, newcomer):
    registration = _registration(tournament, 7)
    url = selectors.link_url(registration=registration)
    client = client_for(newcomer)
    page = client.get(url)
    assert page.status_code == 200 and registration.player.name in page.content.decode()
    assert registration.player.user_id is None  # a GET links nothing
    assert client.post(url).status_code == 302
    assert _registration(tournament, 7).player.user_id == newcomer.pk


@pytest.mark.django_db
def test_card_link_forged_or_old_token_is_404(client_for, tournament, pins, newcomer, referee):
    registration = _registration(tournament, 7)
    url = selectors.link_url(registration=registration)
    client = client_for(newcomer)
    assert client.get(reverse("tournaments:player_link_token", args=[registration.pk, "0" * 24])).status_code == 404
    services.confirm_pin_reissue(actor=referee, registration=registration)
    assert client.get(url).status_code == 404  # the lost card's link died with its PIN
    assert client.post(url).status_code == 404
    assert _registration(tournament, 7).player.user_id is None


@pytest.mark.django_db
def test_card_link_without_a_pin_is_404(tournament, registrations):
    registration = _registration(tournament, 7)
    assert selectors.link_url(registration=registration) is None
    with pytest.raises(NotFound):
        selectors.registration_for_token(registration_id=registration.pk, token="")


# --- a forgotten PIN re-issued ---------------------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("who", ["referee", "chief_referee", "organizer"])
def test_pin_reissue_by_staff_is_audited_without_the_pin(request, tournament, pins, who):
    actor = request.getfixturevalue(who)
    registration = _registration(tournament, 3)
    pin = services.confirm_pin_reissue(actor=actor, registration=registration)
    assert pin != pins[3] and len(pin) == 4 and _registration(tournament, 3).confirm_pin == pin
    event = AuditEvent.objects.get(action="pins.reissued")
    assert event.actor == actor and event.detail == {"entry": 3, "how": "staff"}
    assert pin not in str(event.detail)


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["team_leader", "player_user", "arbitrator", "outsider"])
def test_pin_reissue_refused_to_others(request, client_for, tournament, pins, who):
    actor = request.getfixturevalue(who)
    registration = _registration(tournament, 3)
    with pytest.raises(NotFound):
        services.confirm_pin_reissue(actor=actor, registration=registration)
    assert client_for(actor).post(reverse("tournaments:pin_reissue", args=[registration.pk])).status_code == 404
    assert _registration(tournament, 3).confirm_pin == pins[3]


@pytest.mark.django_db
def test_pin_reissue_page_shows_the_new_pin_once(client_for, tournament, pins, referee):
    registration = _registration(tournament, 3)
    client = client_for(referee)
    url = reverse("tournaments:pin_reissue", args=[registration.pk])
    assert client.get(url).status_code == 200 and _registration(tournament, 3).confirm_pin == pins[3]
    response = client.post(url)
    assert _registration(tournament, 3).confirm_pin in response.content.decode()


@pytest.mark.django_db
def test_new_pin_clears_the_link_pause(tournament, pins, newcomer, referee):
    wrong = f"{(int(pins[5]) + 1) % 10000:04d}"
    for _ in range(PIN_ATTEMPTS - 1):
        with pytest.raises(ValidationError):
            services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=5, pin=wrong)
    pin = services.confirm_pin_reissue(actor=referee, registration=_registration(tournament, 5))
    services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=5, pin=pin)


# --- reading the records: who may ------------------------------------------------------------------

@pytest.fixture
def other_leader(tournament, teams):
    return member(tournament, "leader2", "team_leader", team=teams[1])


@pytest.mark.django_db
@pytest.mark.parametrize(
    "who, status",
    [("player_user", 200), ("team_leader", 200), ("referee", 200), ("organizer", 200),
     ("other_leader", 404), ("outsider", 404)],
)
def test_records_page_permissions(request, client_for, played, player_user, who, status):
    user = request.getfixturevalue(who)
    response = client_for(user).get(reverse("tournaments:player_records", args=[played.pk, 1]))
    assert response.status_code == status


@pytest.mark.django_db
def test_records_page_anonymous_goes_to_login_and_unknown_entry_404(client_for, played, player_user):
    assert client_for(None).get(reverse("tournaments:player_records", args=[played.pk, 1])).status_code == 302
    assert client_for(player_user).get(reverse("tournaments:player_records", args=[played.pk, 99])).status_code == 404


@pytest.mark.django_db
def test_records_page_lists_every_sheet_played(client_for, played, player_user):
    page = client_for(player_user).get(reverse("tournaments:player_records", args=[played.pk, 1]))
    rows = page.context["sheets"]
    assert [(row["session"], row["table"]) for row in rows] == [(1, 1), (2, 1)]
    assert all(row["url"] for row in rows)


@pytest.mark.django_db
def test_my_records_sends_an_unlinked_user_to_link(client_for, published, newcomer, player_user):
    url = reverse("tournaments:my_records", args=[published.pk])
    assert client_for(newcomer).get(url)["Location"] == reverse("tournaments:player_link", args=[published.pk])
    assert client_for(player_user).get(url)["Location"] == reverse(
        "tournaments:player_records", args=[published.pk, 1]
    )


@pytest.mark.django_db
def test_signed_sheet_read_hand_by_hand_with_fans_and_payments(client_for, played, player_user):
    sheet = ScoreSheet.objects.get(session__tournament=played, session__number=1, table__number=1)
    assert sheet.status == ScoreSheet.Status.LOCKED
    page = client_for(player_user).get(reverse("tournaments:player_sheet", args=[sheet.pk]))
    assert page.status_code == 200
    rows = page.context["hand_rows"]
    assert len(rows) == 3
    first = rows[0]
    assert first["fans"] and first["payments"][0]["delta"] == first["hand"].deltas[0]
    assert sum(cell["delta"] for cell in first["payments"]) == 0
    assert [p["mine"] for p in page.context["players"]] == [True, False, False, False]


@pytest.mark.django_db
def test_3_1_the_player_reads_each_hand_as_tile_faces_with_its_notation(client_for, played, player_user):
    """Issue 13: the tiles drawn as their faces on every sheet, the player's reading page too; a draw has none."""
    sheet = ScoreSheet.objects.get(session__tournament=played, session__number=1, table__number=1)
    html = client_for(player_user).get(reverse("tournaments:player_sheet", args=[sheet.pk])).content.decode()
    wins = [hand for hand in sheet.hands.order_by("number") if hand.tiles]
    assert wins and "css/tile-picker.css" in html
    assert html.count('class="hand-faces"') == len(wins)
    assert f'<code class="hand-notation" title="Notation">{wins[0].tiles}</code>' in html
    assert html.count('<svg class="tile-svg"') >= 14 * len(wins)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "who, status",
    [("player_user", 200), ("team_leader", 200), ("referee", 200), ("other_leader", 404), ("outsider", 404)],
)
def test_signed_sheet_read_permissions(request, client_for, played, player_user, who, status):
    user = request.getfixturevalue(who)
    sheet = ScoreSheet.objects.get(session__tournament=played, session__number=1, table__number=1)
    assert client_for(user).get(reverse("tournaments:player_sheet", args=[sheet.pk])).status_code == status


@pytest.mark.django_db
def test_a_player_reads_no_other_tables_sheet(client_for, played, player_user):
    sheet = ScoreSheet.objects.get(session__tournament=played, session__number=1, table__number=2)
    assert client_for(player_user).get(reverse("tournaments:player_sheet", args=[sheet.pk])).status_code == 404


@pytest.mark.django_db
def test_open_sheet_read_by_its_players_not_by_a_leader_away_from_the_table(
    client_for, sheet, player_user, team_leader, registrations
):
    """Open: the table's players read what is recorded in front of them; a leader waits until closed."""
    url = reverse("tournaments:player_sheet", args=[sheet.pk])
    assert client_for(player_user).get(url).status_code == 200
    assert client_for(team_leader).get(url).status_code == 404
    ScoreSheet.objects.filter(pk=sheet.pk).update(status=ScoreSheet.Status.CLOSED)
    assert client_for(team_leader).get(url).status_code == 200


@pytest.mark.django_db
def test_fouls_and_appeals_on_the_records_page(client_for, fouled_sheet, player_user, registrations):
    tournament = fouled_sheet.session.tournament
    page = client_for(player_user).get(reverse("tournaments:player_records", args=[tournament.pk, 1]))
    sections = {section["template"]: section["context"] for section in page.context["sections"]}
    fouls = sections["penalties/_player_section.html"]["fouls"]
    assert len(fouls) == 1 and fouls[0]["penalty"].points == 20
    assert sections["appeals/_player_section.html"]["appeals"] == []
    assert sections["appeals/_player_section.html"]["may_file"]  # 3.12.1: the player files
    # Entry 2's records carry no foul of entry 1.
    staff_page = client_for(tournament.memberships.get(role="organizer").user).get(
        reverse("tournaments:player_records", args=[tournament.pk, 2])
    )
    other = {s["template"]: s["context"] for s in staff_page.context["sections"]}
    assert other["penalties/_player_section.html"]["fouls"] == []
    assert not other["appeals/_player_section.html"]["may_file"]  # the organizer reads, does not appeal


# --- an account for a player -----------------------------------------------------------------------

@pytest.mark.django_db
def test_signup_makes_an_account_logs_in_and_returns(client, published):
    nxt = reverse("tournaments:player_link", args=[published.pk])
    response = client.post(
        reverse("signup"),
        {"username": "ana", "password1": "a-long-Passw0rd!", "password2": "a-long-Passw0rd!", "next": nxt},
    )
    assert response.status_code == 302 and response["Location"] == nxt
    assert get_user_model().objects.filter(username="ana").exists()
    assert client.get(nxt).status_code == 200


@pytest.mark.django_db
def test_signup_bad_input_and_foreign_next(client, db):
    response = client.post(reverse("signup"), {"username": "ana", "password1": "x", "password2": "y"})
    assert response.status_code == 400 and not get_user_model().objects.filter(username="ana").exists()
    response = client.post(
        reverse("signup"),
        {"username": "bo", "password1": "a-long-Passw0rd!", "password2": "a-long-Passw0rd!",
         "next": "https://evil.example/"},
    )
    assert response["Location"] == reverse("home")


@pytest.mark.django_db
def test_schedule_card_prints_the_link_for_organizers_only(client_for, tournament, pins, seated_session, organizer,
                                                           referee, newcomer):
    url = reverse("seating:print", args=[tournament.pk, "players"])
    link = selectors.link_url(registration=_registration(tournament, 3))
    assert link in client_for(organizer).get(url).content.decode()
    assert link not in client_for(referee).get(url).content.decode()  # as secret as the PIN
    # The printed link works for the player who holds the card.
    client = client_for(newcomer)
    assert client.post(link).status_code == 302 and _registration(tournament, 3).player.user_id == newcomer.pk


@pytest.mark.django_db
def test_the_tablet_address_sends_a_player_to_their_reading_and_others_to_404(
    client_for, played, player_user, outsider
):
    sheet = ScoreSheet.objects.get(session__tournament=played, session__number=1, table__number=1)
    url = reverse("tournaments:sheet", args=[sheet.pk])
    assert client_for(player_user).get(url)["Location"] == reverse("tournaments:player_sheet", args=[sheet.pk])
    assert client_for(outsider).get(url).status_code == 404
    other = ScoreSheet.objects.get(session__tournament=played, session__number=1, table__number=2)
    assert client_for(player_user).get(reverse("tournaments:sheet", args=[other.pk])).status_code == 404


@pytest.mark.django_db
def test_the_players_sheet_draws_each_hand_as_tile_faces(client_for, played, player_user):
    """Issue 13: the tiles as faces on the player's own (printable) sheet, the notation as caption."""
    sheet = ScoreSheet.objects.get(session__tournament=played, session__number=1, table__number=1)
    page = client_for(player_user).get(reverse("tournaments:player_sheet", args=[sheet.pk])).content.decode()
    with_tiles = [hand for hand in sheet.hands.all() if hand.tiles]
    assert with_tiles
    assert page.count('class="read-tiles"') == len(with_tiles)
    assert page.count("<svg") >= 14 * len(with_tiles)
    assert f'<code class="hand-notation" title="Notation">{with_tiles[0].tiles}</code>' in page


# --- issue 28: linking misses never retire the PIN; counted per player across accounts; sign-up throttled ----


@pytest.mark.django_db
def test_linking_misses_from_many_accounts_never_retire_the_pin_and_are_bounded_per_player(tournament, pins):
    """Open sign-up plus linking retired a PIN in 10 requests. Now: 0 counted against the PIN; the player's
    misses are bounded for the day across accounts (two accounts × five misses), then a referee helps."""
    from tournaments.models import RateLimitCounter

    wrong = f"{(int(pins[5]) + 1) % 10000:04d}"
    for n in range(3):
        account = get_user_model().objects.create_user(f"flood{n}", password="x-long-password-1")
        for _ in range(PIN_ATTEMPTS):
            with pytest.raises(ValidationError):
                services.player_self_link_by_pin(user=account, tournament=tournament, entry_number=5, pin=wrong)
        RateLimitCounter.objects.exclude(key__startswith="pin-public-day:").delete()  # ten minutes pass
    assert _registration(tournament, 5).pin_failures == 0
    newcomer = get_user_model().objects.create_user("late-genuine", password="x-long-password-2")
    with pytest.raises(ValidationError, match="today"):
        services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=5, pin=pins[5])
    # Another player's linking is untouched.
    services.player_self_link_by_pin(user=newcomer, tournament=tournament, entry_number=6, pin=pins[6])


@pytest.mark.django_db
def test_signup_is_throttled_per_client(client):
    from tournaments.players.services import SIGNUP_PER_CLIENT

    def sign_up(n, address):
        return client.post("/accounts/signup/", {"username": f"new{n}", "password1": "a-Long-pass-1234",
                                                 "password2": "a-Long-pass-1234"}, REMOTE_ADDR=address)

    for n in range(SIGNUP_PER_CLIENT):
        assert sign_up(n, "198.51.100.1").status_code == 302
        client.logout()
    refused = sign_up(99, "198.51.100.1")
    assert refused.status_code == 429 and "Too many accounts" in refused.content.decode()
    assert not get_user_model().objects.filter(username="new99").exists()
    assert sign_up(100, "198.51.100.2").status_code == 302  # another client
