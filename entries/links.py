"""The signed links mailed to an entrant: no password is needed to confirm, see or accept an entry.

A link carries the entry's id and its secret, signed with the site's key (django.core.signing): a link cannot be
made for another entry, and a changed secret voids the old links. The confirmation link expires with the entry
(services.CONFIRM_HOURS) and serves once (a confirmed entry is not confirmed again).
"""

from django.conf import settings
from django.core import signing
from django.urls import reverse

SALT = "entries.link"


def entry_token(entry) -> str:
    return signing.dumps([entry.pk, entry.secret], salt=SALT, compress=False)


def entry_token_read(token: str) -> tuple[int, str] | None:
    """(entry id, secret) of a well-signed token, or None."""
    try:
        pk, secret = signing.loads(token, salt=SALT)
        return int(pk), str(secret)
    except (signing.BadSignature, ValueError, TypeError):
        return None


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def confirm_url(entry) -> str:
    return absolute(reverse("entries:confirm", args=[entry_token(entry)]))


def entry_url(entry) -> str:
    return absolute(reverse("entries:mine", args=[entry_token(entry)]))
