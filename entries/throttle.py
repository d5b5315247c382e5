"""Entries counted per address and per e-mail (the page and the API alike): a flood is refused with 429."""

import hashlib

from tournaments.ratelimit import client_ip, rate_limit_hit

# Entries from one address, and for one e-mail, per hour: a club entering its members from one venue's NAT fits
# under the first; a robot does not.
ENTRIES_PER_ADDRESS = 30
ENTRIES_PER_EMAIL = 5
WINDOW_SECONDS = 3600


def entry_throttled(request, email: str) -> int | None:
    """Count one entry; the minutes to wait when this address or e-mail entered too often this hour, else None.
    The e-mail is counted under its hash: the rate-limit table holds no address book."""
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]
    for key, limit in ((f"entries:ip:{client_ip(request)}", ENTRIES_PER_ADDRESS),
                       (f"entries:email:{digest}", ENTRIES_PER_EMAIL)):
        result = rate_limit_hit(key, limit=limit, window_seconds=WINDOW_SECONDS)
        if not result.allowed:
            return -(-result.retry_after // 60)
    return None
