"""The players' own writes: linking their account to their registration, and a forgotten PIN re-issued.

A player proves who they are with what the tournament gave them on paper: their entry number (参赛号)
and the PIN printed on their schedule card (the PIN that confirms score sheets, Appendix 5), or the
link printed on the same card. Wrong PINs get the same pause as on the referee's tablet and at
check-in (PIN_ATTEMPTS misses, then PIN_PAUSE_SECONDS).
"""


from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from tournaments.access import Capability, can
from tournaments.audit import AuditAction, audit_record
from tournaments.core.services import new_confirm_pin, player_link_user
from tournaments.errors import NotFound
from tournaments.models import Player, Registration, Tournament
from tournaments.pins import (
    PIN_ATTEMPTS,
    PIN_PAUSE_SECONDS,
    PIN_PUBLIC_DAILY,
    PIN_PUBLIC_DAY,
    pause_count,
    pause_forget,
    pause_reached,
    pin_verify,
    public_pin_day_key,
)
from tournaments.players.selectors import player_link_token
from tournaments.ratelimit import rate_limit_hit


def _attempts_key(tournament_id: int, entry_number: int) -> str:
    return f"player-link-failures:{tournament_id}:{entry_number}"


def _user_attempts_key(user_id: int) -> str:
    # Per account too: one account must not try PINs across every entry number.
    return f"player-link-failures-user:{user_id}"


def _link(*, user, registration: Registration) -> Player:
    player = registration.player
    if player.user_id == user.pk:
        raise ValidationError(_("Your account is linked to this registration already."))
    if player.user_id is not None:
        raise ValidationError(
            _("This registration is linked to another account. Ask a referee or the organizer for help.")
        )
    if Player.objects.filter(user=user).exists():
        raise ValidationError(_("Your account is already linked to another player."))
    # The player acts for themselves: they are the actor of the audit event.
    return player_link_user(actor=user, player=player, user=user)


def player_self_link_by_pin(*, user, tournament: Tournament, entry_number: int, pin: str) -> Player:
    """A logged-in user links their account to their registration with entry number and PIN.

    A wrong PIN is counted per entry (ten minutes; and a day, across accounts and the check-in page) and per
    account, never against the PIN that signs sheets (tournaments/pins.py): committed, then raised."""
    outcome = _self_link_by_pin(user=user, tournament=tournament, entry_number=entry_number, pin=pin)
    if isinstance(outcome, ValidationError):
        raise outcome
    return outcome


@transaction.atomic
def _self_link_by_pin(*, user, tournament: Tournament, entry_number: int, pin: str) -> Player | ValidationError:
    if not user.is_authenticated:
        raise ValidationError(_("Log in first."))
    keys = (_attempts_key(tournament.pk, entry_number), _user_attempts_key(user.pk))
    day_key = public_pin_day_key(tournament.pk, entry_number)  # per player, across accounts (and check-in)
    if pause_reached(keys, limit=PIN_ATTEMPTS, window=PIN_PAUSE_SECONDS):
        raise ValidationError({"pin": _("Too many wrong PINs: wait ten minutes, or ask a referee for a new PIN.")})
    if pause_reached([day_key], limit=PIN_PUBLIC_DAILY, window=PIN_PUBLIC_DAY):
        raise ValidationError({"pin": _("Too many wrong PINs for this player today: use the link on your schedule "
                                        "card, or ask a referee or the organizer to link your account.")})
    registration = (
        Registration.objects.select_for_update().select_related("player")
        .filter(tournament=tournament, entry_number=entry_number).first()
    )
    # One message for both: a wrong guess must not reveal which entry numbers exist.
    wrong = _("Entry number and PIN do not match.")
    # Any account can type here (sign-up is open): a miss never retires the PIN that signs sheets (issue 28).
    refusal = ValidationError({"pin": wrong}) if registration is None else pin_verify(
        registration=registration, pin=pin, wrong=wrong, counted=False
    )
    if refusal is not None:
        pause_count(keys, limit=PIN_ATTEMPTS, window=PIN_PAUSE_SECONDS)
        pause_count([day_key], limit=PIN_PUBLIC_DAILY, window=PIN_PUBLIC_DAY)
        return refusal
    player = _link(user=user, registration=registration)
    pause_forget(keys)
    return player


@transaction.atomic
def player_self_link_by_token(*, user, registration_id: int, token: str) -> Player:
    """A logged-in user follows the link printed on their schedule card."""
    if not user.is_authenticated:
        raise ValidationError(_("Log in first."))
    registration = (
        Registration.objects.select_for_update().select_related("player", "tournament")
        .filter(pk=registration_id).first()
    )
    if registration is None or not registration.confirm_pin or not constant_time_compare(
        player_link_token(registration=registration), str(token)
    ):
        raise NotFound("No such link.")
    return _link(user=user, registration=registration)


@transaction.atomic
def confirm_pin_reissue(*, actor, registration: Registration) -> str:
    """A referee, the chief referee or an organizer gives a player who forgot their PIN a new one.

    The old PIN (and the link printed with it) stops working; the audit names the entry and who
    re-issued it, never the PIN. The new PIN is returned once, for the staff member to tell the
    player; it is also shown on the player's own seats page when their account is linked.
    """
    registration = Registration.objects.select_for_update().select_related("tournament").get(pk=registration.pk)
    if not can(actor, registration.tournament, Capability.CHECK_IN):
        raise NotFound("No such player.")
    old = registration.confirm_pin
    pin = new_confirm_pin()
    while pin == old:
        pin = new_confirm_pin()
    registration.confirm_pin = pin
    registration.pin_failures = 0  # a new PIN starts with no wrong tries against it (tournaments/pins.py)
    registration.save(update_fields=["confirm_pin", "pin_failures"])
    audit_record(
        actor=actor, tournament=registration.tournament, action=AuditAction.PIN_REISSUED, obj=registration,
        detail={"entry": registration.entry_number, "how": "staff"},
    )
    # A fresh PIN starts with no misses held against it.
    pause_forget([_attempts_key(registration.tournament_id, registration.entry_number),
                  public_pin_day_key(registration.tournament_id, registration.entry_number)])
    return pin


# Open sign-up, throttled per client address (issue 28: 15 accounts in 19 s). Generous: a venue's NAT puts
# every phone behind one address, and new accounts no longer bring PIN tries of their own (the linking page
# counts misses per player, across accounts).
SIGNUP_PER_CLIENT = 20
SIGNUP_WINDOW_SECONDS = 10 * 60


@transaction.atomic
def account_create(*, username: str, password: str, client: str | None = None):
    """A player without an account makes one (then links it to their registration); `client` is the address
    the request came from (tournaments.ratelimit.client_ip)."""
    if not rate_limit_hit(f"signup:{client or 'unknown'}"[:120], limit=SIGNUP_PER_CLIENT,
                          window_seconds=SIGNUP_WINDOW_SECONDS).allowed:
        raise ValidationError(_("Too many accounts were made from this network just now: wait ten minutes, or ask "
                                "the organizers at the desk."), code="signup_throttled")
    return get_user_model().objects.create_user(username=username, password=password)
