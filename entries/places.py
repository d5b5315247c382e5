"""Who may take free places: the capacity and the countries' quotas. Plain Python, no Django.

The reading (docs/entries.md): a country's quota keeps that many places for its players until the release day;
the places no quota keeps (capacity minus the quotas) are open to anyone, first come. From the release day every
place is open, and the waiting list is served in order of entry whatever the country, as the international
championships hand a federation's unused places on. An entry takes one place (a player) or one per player of a
team (its reserves are not seated and take none); a team takes its country's quota places first, then open ones.
"""

from collections import Counter
from collections.abc import Iterable


def places_free(country: str, need: int, *, capacity: int, holders: Iterable[tuple[str, int]],
                quotas: dict[str, int], released: bool) -> bool:
    """Whether an entry of `country` needing `need` places can take them now, given the (country, places) of the
    entries holding places."""
    held: Counter = Counter()
    for holder_country, places in holders:
        held[holder_country] += places
    if sum(held.values()) + need > capacity:
        return False
    if released or not quotas:
        return True
    from_quota = min(need, max(0, quotas.get(country, 0) - held[country]))
    open_places = capacity - sum(quotas.values())
    open_used = sum(max(0, n - quotas.get(c, 0)) for c, n in held.items())
    return need - from_quota <= open_places - open_used


def quota_left(*, holders: Iterable[tuple[str, int]], quotas: dict[str, int]) -> dict[str, int]:
    """Each quota country's places not yet held."""
    held: Counter = Counter()
    for country, places in holders:
        held[country] += places
    return {country: max(0, places - held[country]) for country, places in quotas.items()}
