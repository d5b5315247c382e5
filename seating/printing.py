"""Print-ready seating: the chart (Appendix 3 layout), a card per table, each player's schedule
with a QR code to their phone page. One template per kind serves the HTML page and the PDF."""

import segno
from django.template.loader import render_to_string
from django.urls import reverse

from seating import selectors
from tournaments import documents
from tournaments.models import Tournament
from tournaments.models.sessions import SEAT_CHOICES
from tournaments.players.selectors import link_url as player_link_url
from tournaments.sessions.selectors import table_check_in_token

WIND = dict(SEAT_CHOICES)

KINDS = ("chart", "tables", "players")


def qr_svg(url: str) -> str:
    """An inline SVG QR code (segno) for `url`."""
    return segno.make(url, error="m").svg_inline(scale=3, border=2)


def print_context(*, tournament: Tournament, kind: str, absolute_url) -> dict:
    """`absolute_url(path)` turns a path into the URL a phone can open (request.build_absolute_uri)."""
    tables = selectors.chart_tables(tournament=tournament)
    context = {"tournament": tournament, "kind": kind, "sessions": sorted(tables)}
    if kind == "chart":
        context["chart"] = [
            {"session": number, "tables": [{"number": t, "seats": seats} for t, seats in session_tables.items()]}
            for number, session_tables in tables.items()
        ]
    elif kind == "tables":
        numbers = sorted({t for session_tables in tables.values() for t in session_tables})
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
