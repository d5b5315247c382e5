"""API tokens made, used and revoked (docs/api.md, "Signing in with a token").

A token is `mcr_<prefix>_<secret>`: 8 characters that find it, 40 that prove it. The secret is returned once, by
the service that makes it, and kept only as its SHA-256 (a database read gives no working token). A token acts as
its user, with the user's roles in each tournament, until it expires (API_TOKEN_DAYS) or is revoked. Making and
revoking are audited; signing in for a token is counted per address and per username.
"""

import datetime as dt
import hashlib
import hmac
import secrets

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from api_tokens.models import ApiToken
from tournaments.audit import AuditAction, audit_record
from tournaments.ratelimit import rate_limit_hit

PREFIX = "mcr_"
LOGINS_PER_ADDRESS = 30
# Per username from one address, as django-axes counts the login page's failures: from elsewhere, a stranger's
# tries do not lock a referee out of their tablet. The ceiling per username, from anywhere, is far above a day's
# real sign-ins and stops a guess spread over many addresses.
LOGINS_PER_USERNAME_AND_ADDRESS = 10
LOGINS_PER_USERNAME = 200
LOGIN_WINDOW_SECONDS = 900
MAX_TOKENS_PER_USER = 20


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _days() -> int:
    return int(getattr(settings, "API_TOKEN_DAYS", 90))


@transaction.atomic
def token_create(*, user, device: str) -> tuple[ApiToken, str]:
    """A new token for `user` on `device`; returns it and its plain text, which is never shown again."""
    device = " ".join((device or "").split())[:100]
    if not device:
        raise ValidationError({"device": _("Name the device (referee tablet 3, my phone): you revoke tokens by it.")})
    live = ApiToken.objects.filter(user=user, revoked_at__isnull=True, expires_at__gt=timezone.now())
    if live.count() >= MAX_TOKENS_PER_USER:
        raise ValidationError(_("You have %(n)d tokens in use: revoke one first.") % {"n": MAX_TOKENS_PER_USER})
    prefix, secret = secrets.token_hex(4), secrets.token_urlsafe(30)
    token = ApiToken.objects.create(user=user, device=device, prefix=prefix, secret_hash=_hash(secret),
                                    expires_at=timezone.now() + dt.timedelta(days=_days()))
    audit_record(actor=user, action=AuditAction.API_TOKEN_CREATED, obj=token,
                 detail={"device": device, "expires_at": token.expires_at.isoformat()})
    return token, f"{PREFIX}{prefix}_{secret}"


def token_login(*, username: str, password: str, device: str, client: str | None, request=None) -> tuple[ApiToken, str]:
    """The API's own sign-in: a username and password give a token for `device`. Counted per address, per username
    from that address and per username, whether they are right or not."""
    client, name = client or "unknown", (username or "").lower()[:80]
    for key, limit in ((f"api-token:client:{client}", LOGINS_PER_ADDRESS),
                       (f"api-token:user-client:{name}:{client}", LOGINS_PER_USERNAME_AND_ADDRESS),
                       (f"api-token:user:{name}", LOGINS_PER_USERNAME)):
        if not rate_limit_hit(key[:120], limit=limit, window_seconds=LOGIN_WINDOW_SECONDS).allowed:
            raise ValidationError(_("Too many sign-ins just now: wait a quarter of an hour."), code="throttled")
    user = authenticate(request, username=username, password=password)
    if user is None or not user.is_active:
        raise ValidationError(_("Wrong username or password."), code="invalid_credentials")
    return token_create(user=user, device=device)


def token_authenticate(raw: str):
    """The user a presented token stands for, with the token; None for anything not a live token."""
    if not raw.startswith(PREFIX) or raw.count("_") < 2:
        return None
    prefix, _sep, secret = raw[len(PREFIX):].partition("_")
    token = ApiToken.objects.select_related("user").filter(prefix=prefix).first()
    if token is None or not hmac.compare_digest(token.secret_hash, _hash(secret)):
        return None
    now = timezone.now()
    if token.revoked_at is not None or token.expires_at <= now or not token.user.is_active:
        return None
    if token.last_used_at is None or now - token.last_used_at > dt.timedelta(minutes=5):
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)  # at most every 5 minutes: no write a request
    return token.user, token


@transaction.atomic
def token_revoke(*, user, token: ApiToken) -> ApiToken:
    """The user revokes one of their tokens: it stops working on every route at once."""
    token = ApiToken.objects.select_for_update().get(pk=token.pk)
    if token.user_id != user.pk:
        raise ValidationError(_("Not a token of yours."))
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        audit_record(actor=user, action=AuditAction.API_TOKEN_REVOKED, obj=token, detail={"device": token.device})
    return token
