"""Print-ready seating: the chart (Appendix 3 layout), a card per table, each player's schedule
with a QR code to their phone page. One template per kind serves the HTML page and the PDF."""

import segno
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from seating import selectors
from tournaments import documents
from tournaments.access import Capability, can, capabilities_for_page
from tournaments.errors import NotFound
from tournaments.models import SeatAssignment, Tournament
from tournaments.models.sessions import SEAT_CHOICES
from tournaments.players.selectors import link_url as player_link_url
from tournaments.sessions.selectors import table_check_in_token

WIND = dict(SEAT_CHOICES)

KINDS = ("chart", "tables", "players")


def qr_svg(url: str) -> str:
    """An inline SVG QR code (segno) for `url`."""
    return segno.make(url, error="m").svg_inline(scale=3, border=2)


def print_context(*, tournament: Tournament, kind: str, absolute_url, only: list | None = None) -> dict:
    """`absolute_url(path)` turns a path into the URL a phone can open (request.build_absolute_uri).
    `only`: one part of the print (the worker's, prints): the sessions of the chart, the tables'
    cards or the players' (entry numbers) schedules it holds."""
    tables = selectors.chart_tables(tournament=tournament)
    if kind == "chart" and only is not None:
        tables = {s: session_tables for s, session_tables in tables.items() if s in only}
    context = {"tournament": tournament, "kind": kind, "sessions": sorted(tables)}
    if kind == "chart":
        context["chart"] = [
            {"session": number, "tables": [{"number": t, "seats": seats} for t, seats in session_tables.items()]}
            for number, session_tables in tables.items()
        ]
    elif kind == "tables":
        numbers = sorted({t for session_tables in tables.values() for t in session_tables})
        if only is not None:
            numbers = [t for t in numbers if t in only]
        # 3.5.7.1: the card's QR code opens the table's check-in page (entry number and PIN).
        tokens = {table.number: table_check_in_token(table=table)
                  for table in tournament.tables.filter(number__in=numbers)}
        check_in_urls = {
            t: absolute_url(reverse("tournaments:player_check_in", args=[tournament.pk, t, tokens[t]])) for t in numbers
        }
        context["cards"] = [
            {
                "number": t,
                "sessions": [
                    {"session": s, "seats": tables[s][t]} for s in sorted(tables) if t in tables[s]
                ],
                "check_in_url": check_in_urls[t],
                "qr": qr_svg(check_in_urls[t]),
            }
            for t in numbers
        ]
    else:
        # Each player's seat in every session, indexed once: (registration id) -> rows.
        rows_of: dict[int, list] = {}
        for s, session_tables in sorted(tables.items()):
            for t, seats in sorted(session_tables.items()):
                for seat, registration in enumerate(seats):
                    rows_of.setdefault(registration.pk, []).append(
                        {"session": s, "table": t, "seat": seat, "wind": WIND[seat]}
                    )
        players = []
        for registration in selectors.registrations_of(tournament=tournament):
            if only is not None and registration.entry_number not in only:
                continue
            url = absolute_url(reverse("seating:player_seats", args=[tournament.pk, registration.entry_number]))
            rows = rows_of.get(registration.pk, [])
            # The card's link to the player's account (tournaments.players): as secret as the PIN.
            link = player_link_url(registration=registration)
            players.append({
                "registration": registration, "rows": rows, "url": url, "qr": qr_svg(url),
                "link_url": absolute_url(link) if link else "",
            })
        context["players"] = players
    return context



def print_pdf(context: dict) -> bytes:
    """A4 (tournaments.documents)."""
    return documents.html_to_pdf(render_to_string("seating/print.html", {**context, "pdf": True}))


# The seating prints as big documents made by the worker (prints, issue 30). Options: which print,
# the site's address (the QR codes' links: the worker has no request), and whether the schedules carry the
# confirmation PINs (the organizers' print, never the referees'). Parts: a session of the chart, twenty table
# cards, 48 schedules (a whole number of pages: the schedules never split, seating/print.html).
PART_SIZE = {"chart": 1, "tables": 20, "players": 48}


def print_options(*, user, tournament: Tournament, kind: str, base_url: str) -> dict:
    """The options of `kind` as `user` may print it (NotFound when they may not)."""
    if kind not in KINDS or not can(user, tournament, Capability.VIEW_ROSTER):
        raise NotFound("No such print.")
    return {"print": kind, "base_url": base_url, "pins": capabilities_for_page(user, tournament).manage}


def _authorize(user, tournament, options: dict) -> None:
    if print_options(user=user, tournament=tournament, kind=options["print"], base_url=options["base_url"]) != options:
        raise NotFound("No such print.")


def _version(tournament, options: dict):
    """What the prints show: the seats of every session, the players (names, teams, PINs and links), the
    sessions' times and the tables."""
    seats = list(SeatAssignment.objects.filter(session__tournament=tournament).order_by("pk").values_list(
        "session__number", "table__number", "seat", "registration_id"))
    players = list(tournament.registrations.order_by("pk").values_list(
        "pk", "entry_number", "player__name", "player__name_local", "player__country", "team__name", "confirm_pin",
        "player__user_id", "group__name"))
    sessions = list(tournament.sessions.order_by("number").values_list("number", "scheduled_start", "status"))
    tables = list(tournament.tables.order_by("number").values_list("number", "pk"))
    return (tournament.name, tournament.venue, tournament.starts_on, str(tournament.time_zone), seats, players,
            sessions, tables)


def _parts(tournament, options: dict) -> list:
    kind = options["print"]
    tables = selectors.chart_seated_numbers(tournament=tournament)
    if kind == "chart":
        items = sorted(tables)
    elif kind == "tables":
        items = sorted({t for numbers in tables.values() for t in numbers})
    else:
        items = list(tournament.registrations.order_by("entry_number").values_list("entry_number", flat=True))
    return documents.chunked(items, PART_SIZE[kind]) or [None]


def _render(tournament, options: dict, only) -> bytes:
    base = options["base_url"].rstrip("/")
    context = print_context(tournament=tournament, kind=options["print"], absolute_url=lambda path: base + path,
                            only=only)
    context["show_pins"] = options["pins"]
    return print_pdf(context)


def _title(options: dict) -> str:
    return {"chart": _("Seat-rotation chart"), "tables": _("Table cards"),
            "players": _("Players' schedules")}[options["print"]]


SEATING_PRINT = documents.print_kind_register(documents.PrintKind(
    name="seating", title=_title, authorize=_authorize, version=_version, parts=_parts, render=_render,
    filename=lambda tournament, options: f"seating-{options['print']}-{tournament.pk}.pdf",
))
