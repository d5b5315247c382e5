"""Reads of entries: an entry by its signed link, positions on the waiting list, the organizer's counts."""

from collections import Counter

from django.http import Http404

from entries import links, places
from entries.models import HOLDING, Entry, EntryWindow, Mail
from tournaments.access import Capability, can


def entry_by_token(token: str, *, max_age: int | None = None) -> Entry | None:
    """The entry a mailed link names; 404 for a forged link or a secret changed since; None for a link older than
    `max_age` seconds (when given)."""
    read = links.entry_token_read(token, max_age=max_age)
    if read is None and max_age is not None and links.entry_token_read(token) is not None:
        return None
    if read is None:
        raise Http404
    entry = Entry.objects.select_related("tournament", "tournament__entry_window").filter(pk=read[0]).first()
    if entry is None or entry.secret != read[1]:
        raise Http404
    return entry


def waiting_position(entry: Entry) -> dict | None:
    """Where a waiting entry stands: overall, and in its country's queue (1 = next)."""
    if entry.state != Entry.State.WAITING:
        return None
    ahead = Entry.objects.filter(tournament_id=entry.tournament_id, state=Entry.State.WAITING,
                                 queue_number__lt=entry.queue_number)
    return {"overall": ahead.count() + 1, "country": ahead.filter(country=entry.country).count() + 1}


def open_window(tournament) -> EntryWindow | None:
    return EntryWindow.objects.filter(tournament=tournament).first()


def entries_overview(*, user, tournament) -> dict:
    """The organizer's page: counts by state, the countries against their quotas, the waiting list in order."""
    if not can(user, tournament, Capability.MANAGE):
        raise Http404
    window = open_window(tournament)
    entries = list(Entry.objects.filter(tournament=tournament).order_by("queue_number", "created_at")
                   .prefetch_related("members"))
    by_state = Counter(entry.state for entry in entries)
    holders = [(entry.country, entry.places) for entry in entries if entry.state in HOLDING]
    quotas = dict(window.quotas.values_list("country", "places")) if window else {}
    left = places.quota_left(holders=holders, quotas=quotas)
    held_by_country = Counter()
    for country, n in holders:
        held_by_country[country] += n
    waiting_by_country = Counter(entry.country for entry in entries if entry.state == Entry.State.WAITING)
    countries = sorted(set(held_by_country) | set(quotas) | set(waiting_by_country))
    return {
        "window": window,
        "entries": entries,
        "states": [(state, label, by_state.get(state, 0)) for state, label in Entry.State.choices],
        "countries": [{"country": c, "quota": quotas.get(c), "held": held_by_country.get(c, 0),
                       "left": left.get(c), "waiting": waiting_by_country.get(c, 0)} for c in countries],
        "waiting": [entry for entry in entries if entry.state == Entry.State.WAITING],
        "holding": sum(held_by_country.values()),
    }


def entry_for_organizer(*, user, entry_id: int) -> Entry:
    entry = Entry.objects.select_related("tournament").filter(pk=entry_id).first()
    if entry is None or not can(user, entry.tournament, Capability.MANAGE):
        raise Http404
    return entry


def outbox(*, user, tournament):
    if not can(user, tournament, Capability.MANAGE):
        raise Http404
    return Mail.objects.filter(tournament=tournament).select_related("entry")[:500]


def schedule_of(registration) -> dict:
    """A player's sessions for the "your seats and times" mail: each planned session's time, and the table and
    seat where the chart is drawn."""
    from tournaments.models import SeatAssignment

    seats = {seat.session_id: seat for seat in SeatAssignment.objects.filter(registration=registration)
             .select_related("table")}
    sessions = []
    for session in registration.tournament.sessions.order_by("number"):
        seat = seats.get(session.pk)
        sessions.append({"number": session.number, "scheduled_start": session.scheduled_start,
                         "table": seat.table.number if seat else None,
                         "seat": seat.get_seat_display() if seat else ""})
    return {"sessions": sessions}


def my_tournaments(*, user) -> dict:
    """What the signed-in player has across tournaments: the entries kept in their account (with their waiting
    positions and links), and the tournaments their player record is registered in (seats, sheets, results)."""
    from tournaments.models import Registration

    entries = list(Entry.objects.filter(user=user).select_related("tournament", "registration")
                   .order_by("-tournament__starts_on"))
    rows = [{"entry": entry, "position": waiting_position(entry), "url": links.entry_path(entry)}
            for entry in entries]
    registrations = list(Registration.objects.filter(player__user=user).select_related("tournament")
                         .order_by("-tournament__starts_on"))
    return {"entries": rows, "registrations": registrations}


def tournament_get(tournament_id: int):
    from tournaments.models import Tournament

    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404
    return tournament


def public_tournament(tournament_id: int):
    """A published tournament (anyone may enter it through the API; the window's own checks follow)."""
    tournament = tournament_get(tournament_id)
    if not tournament.is_public:
        raise Http404
    return tournament


def entry_page(tournament_id: int):
    """The public entry page's tournament and window: 404 for a draft or a tournament that takes no entries."""
    tournament = public_tournament(tournament_id)
    window = open_window(tournament)
    if window is None:
        raise Http404
    return tournament, window


def organizer_tournament(*, user, tournament_id: int):
    """The tournament whose entries `user` manages: 404 for anyone else."""
    tournament = tournament_get(tournament_id)
    if not can(user, tournament, Capability.MANAGE):
        raise Http404
    return tournament


def quotas_of(window) -> list:
    return list(window.quotas.all())


def members_of(entry: Entry) -> list:
    return list(entry.members.select_related("registration"))


def entry_reloaded(entry_id: int) -> Entry:
    return Entry.objects.select_related("tournament", "registration").get(pk=entry_id)
