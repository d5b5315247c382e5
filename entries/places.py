"""Who may take a free place: the capacity and the countries' quotas. Plain Python, no Django.

The reading (docs/entries.md): a country's quota keeps that many places for its players until the release day;
the places no quota keeps (capacity minus the quotas) are open to anyone, first come. From the release day every
place is open, and the waiting list is served in order of entry whatever the country, as the international
championships hand a federation's unused places on.
"""

from collections import Counter
from collections.abc import Iterable


def place_free(country: str, *, capacity: int, holders: Iterable[str], quotas: dict[str, int],
               released: bool) -> bool:
    """Whether a player of `country` can take a place now, given the countries of those holding places."""
    held = Counter(holders)
    total = sum(held.values())
    if total >= capacity:
        return False
    if released or not quotas:
        return True
    if held[country] < quotas.get(country, 0):
        return True  # a place of the country's own quota
    open_places = capacity - sum(quotas.values())
    open_used = sum(max(0, n - quotas.get(c, 0)) for c, n in held.items())
    return open_used < open_places


def quota_left(*, holders: Iterable[str], quotas: dict[str, int]) -> dict[str, int]:
    """Each quota country's places not yet held."""
    held = Counter(holders)
    return {country: max(0, places - held[country]) for country, places in quotas.items()}
