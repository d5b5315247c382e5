"""The signed links mailed to an entrant: no password is needed to confirm, see or accept an entry.

A link carries the entry's id and its secret, signed with the site's key (django.core.signing) with the time it
was made: a link cannot be made for another entry, and a changed secret voids the old links. The confirmation link
expires with the entry (services.CONFIRM_HOURS) and serves once (a confirmed entry is not confirmed again). An
account is made from a link once (an entry keeps one account) and within ACCOUNT_LINK_DAYS of the mail.
"""

from django.conf import settings
from django.core import signing
from django.urls import reverse

SALT = "entries.link"
ACCOUNT_LINK_DAYS = 30


def entry_token(entry) -> str:
    return signing.dumps([entry.pk, entry.secret], salt=SALT, compress=False)


def entry_token_read(token: str, *, max_age: int | None = None) -> tuple[int, str] | None:
    """(entry id, secret) of a well-signed token (made within `max_age` seconds, when given), or None."""
    try:
        pk, secret = signing.loads(token, salt=SALT, max_age=max_age)
        return int(pk), str(secret)
    except (signing.BadSignature, ValueError, TypeError):
        return None


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def confirm_url(entry) -> str:
    return absolute(reverse("entries:confirm", args=[entry_token(entry)]))


def entry_path(entry) -> str:
    return reverse("entries:mine", args=[entry_token(entry)])


def entry_url(entry) -> str:
    return absolute(entry_path(entry))
