"""Statistics pages: the tournament's, a player's, and the hands behind every figure.

Public where the standings are (`tournament_get_for_user` without a capability). Every figure is a
link to the hands it counts (the hands page, filtered), and each hand links to its whole sheet.
"""

from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from reports.statistics import charts, selectors
from reports.statistics.selectors import fan_label
from tournaments.core import selectors as core_selectors
from tournaments.extensions import foul_name

FAN_CHART_ROWS = 15


def _hands_url(tournament_id: int, **query) -> str:
    query = {key: value for key, value in query.items() if value not in (None, "")}
    base = reverse("reports:statistics_hands", args=[tournament_id])
    return f"{base}?{urlencode(query)}" if query else base


def _figures(tournament_id: int, figures: dict, entry: int | None = None, fouls_url: str = "#fouls") -> list[dict]:
    """The headline figures, each with the link to its hands (None: not a count of hands)."""
    def url(kind):
        return _hands_url(tournament_id, kind=kind, entry=entry)

    rows = [
        (_("Hands played"), figures["hands"], _hands_url(tournament_id, entry=entry)),
        (_("Wins"), figures["wins"], url("wins")),
        (_("Self-drawn wins"), figures["self_drawn"], url("self_drawn")),
    ]
    if entry is None:
        rows.append((_("Wins on a discard"), figures["discard_wins"], url("discard_wins")))
    else:
        rows.append((_("Deal-ins"), figures["deal_ins"], url("deal_ins")))
    rows += [
        (_("Draws"), figures["draws"], url("draws")),
        (_("Average points of a win"), figures["average_win"] if figures["average_win"] is not None else "—",
         url("wins")),
        (_("Chicken hands"), figures["chicken"], url("chicken")),
        # the fouls listed on the page, each linked to its sheet and hand
        (_("False wins"), figures["false_wins"], fouls_url),
        (_("Other fouls"), figures["fouls"], fouls_url),
    ]
    return [{"label": label, "value": value, "url": link} for label, value, link in rows]


def _outcome_chart(tournament_id: int, figures: dict, entry: int | None = None) -> str:
    if entry is None:
        parts = [
            charts.Part(_("Wins on a discard"), figures["discard_wins"],
                        _hands_url(tournament_id, kind="discard_wins")),
            charts.Part(_("Self-drawn wins"), figures["self_drawn"], _hands_url(tournament_id, kind="self_drawn")),
            charts.Part(_("Draws"), figures["draws"], _hands_url(tournament_id, kind="draws")),
        ]
    else:
        others = figures["hands"] - figures["wins"] - figures["deal_ins"] - figures["draws"]
        parts = [
            charts.Part(_("Wins on a discard"), figures["wins"] - figures["self_drawn"],
                        _hands_url(tournament_id, kind="discard_wins", entry=entry)),
            charts.Part(_("Self-drawn wins"), figures["self_drawn"],
                        _hands_url(tournament_id, kind="self_drawn", entry=entry)),
            charts.Part(_("Deal-ins"), figures["deal_ins"], _hands_url(tournament_id, kind="deal_ins", entry=entry),
                        colour=charts.COLOURS[3]),
            charts.Part(_("Draws"), figures["draws"], _hands_url(tournament_id, kind="draws", entry=entry),
                        colour=charts.COLOURS[2]),
            charts.Part(_("Another player won"), others, _hands_url(tournament_id, entry=entry),
                        colour=charts.COLOURS[4]),
        ]
    return charts.stacked_bar(parts, title=_("How the hands ended"))


def _fan_rows(tournament_id: int, hands, entry: int | None = None) -> list[dict]:
    rows = selectors.fan_frequencies(hands)
    for row in rows:
        row["label"] = fan_label(row["number"])
        row["url"] = _hands_url(tournament_id, fan=row["number"], entry=entry)
        row["share_percent"] = f"{100 * row['share']:.1f}"
        row["expected_percent"] = f"{100 * row['expected']:.1f}" if row["expected"] is not None else None
        row["ratio_text"] = f"{row['ratio']:.1f}×" if row["ratio"] is not None else None
    return rows


def _fan_chart(rows: list[dict]) -> str:
    return charts.fan_bars(
        [{"label": row["label"], "share": row["share"], "expected": row["expected"], "href": row["url"]}
         for row in rows[:FAN_CHART_ROWS]],
        title=_("Fans scored, against their expected rarity"),
        observed_label=_("share of the wins here"),
        expected_label=_("expected (simulation)"),
        not_modelled=_("not modelled"),
    )


def _biggest(tournament_id: int, stats, hands) -> list[dict]:
    out = []
    for rank, hand in selectors.biggest_hands(hands):
        winner = stats.players.get(hand.winner_id)
        out.append({
            "rank": rank, "hand": hand, "winner": winner,
            "fans": [fan_label(row["number"]) + (f" ×{row['count']}" if row.get("count", 1) > 1 else "")
                     for row in hand.fans],
            "url": _hands_url(tournament_id, session=hand.session, table=hand.table) + f"#h{hand.number}",
        })
    return out


def _figures_of(player) -> dict:
    return {
        "hands": player.hands, "wins": player.wins, "self_drawn": player.self_drawn, "deal_ins": player.deal_ins,
        "draws": player.draws, "average_win": player.average_win, "chicken": player.chicken,
        "false_wins": player.false_wins, "fouls": player.fouls,
    }


def statistics_page(request, tournament_id: int):
    """The tournament's statistics: headline figures, how hands ended, fans, biggest hands, players."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    stats = selectors.statistics_compute(tournament=tournament)
    figures = selectors.summary(stats.hands, stats.fouls)
    fan_rows = _fan_rows(tournament.pk, stats.hands)
    players = sorted(stats.players.values(), key=lambda p: p.entry)
    for player in players:
        player.url = reverse("reports:statistics_player", args=[tournament.pk, player.entry])
    leaders = [
        (_("Most wins"), selectors.ranked([p for p in players if p.wins], key=lambda p: p.wins, limit=3), "wins"),
        (_("Most self-drawn wins"),
         selectors.ranked([p for p in players if p.self_drawn], key=lambda p: p.self_drawn, limit=3), "self_drawn"),
        (_("Most chicken hands"),
         selectors.ranked([p for p in players if p.chicken], key=lambda p: p.chicken, limit=3), "chicken"),
    ]
    return render(request, "reports/statistics/statistics.html", {
        "tournament": tournament,
        "figures": _figures(tournament.pk, figures),
        "outcome_chart": _outcome_chart(tournament.pk, figures),
        "fan_rows": fan_rows,
        "fan_chart": _fan_chart(fan_rows) if fan_rows else "",
        "provenance": selectors.expected_fans()["provenance"],
        "biggest": _biggest(tournament.pk, stats, stats.hands),
        "players": players,
        "leaders": [{"title": title, "rows": rows, "kind": kind} for title, rows, kind in leaders],
        "hands_url": _hands_url(tournament.pk),
        "fouls": _foul_rows(stats, stats.fouls, tournament.pk),
    })


def statistics_player(request, tournament_id: int, entry: int):
    """One player's statistics, beside their results page."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    stats = selectors.statistics_compute(tournament=tournament)
    player = stats.by_entry(entry)
    if player is None:
        raise Http404(_("No such player."))
    figures = _figures_of(player)
    mine = selectors.hands_filtered(stats, entry=entry)
    fan_rows = _fan_rows(tournament.pk, [h for h in mine if h.winner_id == player.registration_id], entry=entry)
    return render(request, "reports/statistics/player.html", {
        "tournament": tournament,
        "player": player,
        "figures": _figures(tournament.pk, figures, entry=entry),
        "outcome_chart": _outcome_chart(tournament.pk, figures, entry=entry),
        "fan_rows": fan_rows,
        "biggest": _biggest(tournament.pk, stats, [h for h in mine if h.winner_id == player.registration_id]),
        "fouls": _foul_rows(stats, player.foul_list, tournament.pk),
    })


def _foul_rows(stats, records, tournament_id: int) -> list[dict]:
    """Each foul with its player and a link to its sheet and hand."""
    language = get_language() or "en"
    places = {hand.sheet_id: (hand.session, hand.table) for hand in stats.hands}
    rows = []
    for record in records:
        place = {}
        if record.sheet_id in places:
            session, table = places[record.sheet_id]
            url = _hands_url(tournament_id, session=session, table=table)
            place = {"session": session, "table": table,
                     "url": url + (f"#h{record.hand_number}" if record.hand_number else "")}
        rows.append({"name": foul_name(record.code, language), "article": record.article,
                     "false_win": record.false_win, "hand": record.hand_number,
                     "player": stats.players.get(record.registration_id), "session_table": place})
    return rows


def statistics_hands(request, tournament_id: int):
    """The hands behind a figure, grouped by sheet; ?session=S&table=T is one whole signed sheet."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    stats = selectors.statistics_compute(tournament=tournament)

    def number(name):
        value = request.GET.get(name, "")
        if value == "":
            return None
        if not value.isdigit():
            raise Http404(_("Give %(name)s as a number.") % {"name": name})
        return int(value)

    kind = request.GET.get("kind", "")
    if kind and kind not in selectors.HAND_KINDS:
        raise Http404(_("No such kind of hand."))
    entry, fan, session, table = number("entry"), number("fan"), number("session"), number("table")
    hands = selectors.hands_filtered(stats, kind=kind, entry=entry, fan=fan, session=session, table=table)
    names = {rid: p for rid, p in stats.players.items()}
    sheets: list[dict] = []
    for hand in hands:
        if not sheets or (sheets[-1]["session"], sheets[-1]["table"]) != (hand.session, hand.table):
            sheets.append({
                "session": hand.session, "table": hand.table, "hands": [],
                "players": [names.get(rid) for rid in hand.players],
                "url": _hands_url(tournament.pk, session=hand.session, table=hand.table),
            })
        sheets[-1]["hands"].append({
            "hand": hand,
            "winner": names.get(hand.winner_id),
            "discarder": names.get(hand.discarder_id),
            "fans": [fan_label(row["number"]) + (f" ×{row['count']}" if row.get("count", 1) > 1 else "")
                     for row in hand.fans],
        })
    kinds = {
        "wins": _("Wins"), "self_drawn": _("Self-drawn wins"), "discard_wins": _("Wins on a discard"),
        "deal_ins": _("Deal-ins"), "draws": _("Draws"), "chicken": _("Chicken hands"),
    }
    what = [kinds[kind]] if kind else [_("Hands")]
    player = stats.by_entry(entry) if entry is not None else None
    if entry is not None:
        what.append(player.name if player else _("Entry %(entry)s") % {"entry": entry})
    if fan is not None:
        what.append(fan_label(fan))
    if session is not None:
        what.append(_("Session %(session)s") % {"session": session})
    if table is not None:
        what.append(_("Table %(table)s") % {"table": table})
    return render(request, "reports/statistics/hands.html", {
        "tournament": tournament, "sheets": sheets, "count": len(hands), "what": " · ".join(what),
        "player": player,
    })
