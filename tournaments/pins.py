"""Checking a player's 4-digit confirmation PIN, wherever it is typed (issue 16).

A PIN is typed on the referee's tablet to confirm a score sheet, on a phone to check in at a table
and to link an account. Two kinds of limit keep it from being guessed without letting a stranger's
wrong taps keep the real player out:

- A bound on guessing, in the database: every wrong PIN typed for a player on a referee's tablet counts
  against that player's current PIN (Registration.pin_failures; where anyone can type one, see the end of
  this module), on every tablet and worker and whether
  Redis is up or not. At PIN_MAX_FAILURES (10) the PIN stops working and the player gets a new one
  from a referee (re-issued, audited), which starts at 0. Ten guesses of 10,000 PINs: a 0.1 % chance,
  and every new PIN needs a member of staff. There is no timed lock on the player: a stranger who
  types ten wrong PINs costs the player a re-issue at the table, not ten minutes; the chief
  referee can still sign the sheet without a confirmation, with the reason (sheet_sign).
- Speed bumps per client (the logged-in account sending) and per sheet: PIN_BURST wrong PINs within
  PIN_BURST_SECONDS pause that client or sheet for the rest of the minute, so no script runs
  through the PINs of a whole tournament at 80 requests a second. They are counted in the database
  (tournaments/ratelimit.py: one atomic upsert per try), so every worker sees the same count and a
  Redis outage changes nothing: rate limits never fall back to per-worker memory (issue 16).

A wrong PIN must be counted even though the request then fails: the callers record the failure
and *return* the refusal from their transaction, raising it only after the commit.
"""

import secrets

from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.ratelimit import rate_limit_hit, rate_limit_peek, rate_limit_reset

PIN_MAX_FAILURES = 10
PIN_BURST = 10
PIN_BURST_SECONDS = 60


def pin_verify(*, registration, pin, wrong: str, counted: bool = True) -> ValidationError | None:
    """None when `pin` is the registration's PIN; else the refusal to give (field "pin": `wrong`, or
    that the PIN is retired), with the wrong PIN counted against the registration in the caller's
    transaction (so the caller returns the refusal and raises it after the commit).

    `counted=False` where anyone may type a PIN (the public check-in page, the linking page): a miss there
    does not count against the PIN that signs sheets (issue 28: 400 anonymous requests retired 40 PINs);
    those pages bound the guesses themselves (public_pin_keys)."""
    if registration.pin_failures >= PIN_MAX_FAILURES:
        return pin_retired_error()
    if registration.confirm_pin and secrets.compare_digest(registration.confirm_pin, str(pin).strip()):
        return None
    if not counted:
        return ValidationError({"pin": ValidationError(wrong, code="pin_wrong")})
    type(registration).objects.filter(pk=registration.pk).update(pin_failures=F("pin_failures") + 1)
    registration.pin_failures += 1
    if registration.pin_failures >= PIN_MAX_FAILURES:
        return pin_retired_error()
    return ValidationError({"pin": ValidationError(wrong, code="pin_wrong")})


def pin_retired_error() -> ValidationError:
    return ValidationError({"pin": ValidationError(_(
        "This player's PIN was typed wrongly too many times and no longer works: a referee gives them a new "
        "one (Registrations, New PIN)."
    ), code="pin_retired")})


def throttle_blocked(key: str, limit: int) -> bool:
    """Whether `key` has reached `limit` hits in its current window."""
    return rate_limit_peek(key, window_seconds=PIN_BURST_SECONDS) >= limit


def throttle_hit(key: str, window: int) -> None:
    """Count one hit for `key`; the window starts at the first hit."""
    rate_limit_hit(key, limit=PIN_BURST, window_seconds=window)


def pin_burst_blocked(*keys: str) -> ValidationError | None:
    """The refusal while one of the speed bumps (per client, per sheet) is full, else None."""
    if any(throttle_blocked(key, PIN_BURST) for key in keys if key):
        return ValidationError({"pin": ValidationError(_(
            "Too many wrong PINs in a minute on this table: wait a minute, then type the PIN again."
        ), code="pin_burst")})
    return None


def pin_burst_count(*keys: str) -> None:
    for key in keys:
        if key:
            throttle_hit(key, PIN_BURST_SECONDS)


# --- pauses per entry (check-in by PIN, linking an account): PIN_ATTEMPTS misses within the window ---
# Counted in the database too, like the speed bumps above: the same count on every worker, Redis or not.
# (Confirming a score sheet has no pause of its own: the bound and the speed bumps above.)
PIN_ATTEMPTS = 5
PIN_PAUSE_SECONDS = 10 * 60



def pause_reached(keys, *, limit: int, window: int) -> bool:
    return any(rate_limit_peek(key, window_seconds=window) >= limit for key in keys)


def pause_count(keys, *, limit: int, window: int) -> None:
    for key in keys:
        rate_limit_hit(key, limit=limit, window_seconds=window)


def pause_forget(keys) -> None:
    for key in keys:
        rate_limit_reset(key)


# --- where anyone may type a PIN: the table's check-in page (no login) and the linking page (any account) ---
# Their misses never retire the PIN (pin_verify(counted=False)); instead, per entry, PIN_PUBLIC_DAILY misses a
# day across both pages and every account and client (a check-in that succeeds tells the PIN, which then links
# an account: one count for both), then the player asks a referee. Ten guesses a day of 10,000 PINs: 0.1 % a
# day. The ten-minute pauses are per (client address, entry) and per table, and a ceiling per session far above a
# real day's typos stops a sweep: a venue's NAT puts everyone behind one address, so an address alone never
# pauses anyone but the entry it typed for (issue 43, T4-4: 30 misses from one address paused the whole venue).
PIN_PUBLIC_DAILY = 10
PIN_PUBLIC_DAY = 24 * 3600
PIN_PUBLIC_TABLE = 10  # misses per table per PIN_PAUSE_SECONDS
PIN_PUBLIC_VENUE = 300  # misses per session per PIN_PAUSE_SECONDS, every table and address together


def public_pin_day_key(tournament_id: int, entry_number: int) -> str:
    return f"pin-public-day:{tournament_id}:{entry_number}"


def public_pin_entry_key(client: str | None, entry_number: int) -> str:
    return f"pin-public-entry:{client or 'unknown'}:{entry_number}"[:120]
