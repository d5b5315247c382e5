"""The ledger's pages: my Pin (the player), a player's ledger, the committee's search and ledger list."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from pin_ranking.access import is_committee_member, is_register_admin
from pin_ranking.ledger import exports, forms, selectors
from scoring.engine.table import twelfths_display


def home(request):
    """/pin/: the committee's register, the player's own Pin, or the public verification page."""
    if is_committee_member(request.user):
        return redirect("pin_ranking:committee")
    if is_register_admin(request.user):
        return redirect("pin_ranking:committees")
    if selectors.player_for_user(user=request.user) is not None:
        return redirect("pin_ranking:my_pin")
    return redirect("pin_ranking:verify")


def _progress(track: dict) -> list[dict]:
    """One line per measure for the next Pin: what the ledger has, what the Pin asks, the share done."""
    data = track["data"]
    missing = data.get("missing")
    if not missing:
        return []
    standard = next(s for s in track["standards"] if s.pin == missing["pin"])
    lines = []
    is_pin = data["track"] == "pin"
    has_points = data["points"]
    needed_points = standard.points * (12 if is_pin else 1)
    lines.append({
        "label": _("Table points (标准分)") if is_pin else _("Web competition points (网络比赛积分)"),
        "has": twelfths_display(has_points) if is_pin else has_points, "needed": standard.points,
        "percent": min(100, int(100 * has_points / needed_points)) if needed_points else 100,
        "met": missing["points"] == 0,
    })
    if standard.contest_points is not None:
        lines.append({
            "label": _("Contest points, positive totals (比赛分)"), "has": data["contest_points"],
            "needed": standard.contest_points,
            "percent": min(100, int(100 * data["contest_points"] / standard.contest_points)),
            "met": missing["contest_points"] == 0,
        })
    if standard.placing.required:
        lines.append({"label": _("Placing (比赛名次)"), "has": None, "needed": placing_text(standard.placing),
                      "percent": 0 if missing["placing"] else 100, "met": missing["placing"] is None})
    return lines


def placing_text(placing) -> str:
    kind = str(placing.kind)
    if kind == "individual_or_unit":
        unit = {1: _("champion"), 2: _("second"), 3: _("third")}[placing.unit_top]
        return _("individual top %(top)d, or member of the %(unit)s group or team") % {
            "top": placing.individual_top, "unit": unit}
    if kind == "class_a_individual":
        if placing.individual_top == 1:
            return _("winner of a class-A competition")
        return _("individual top %(top)d of a class-A competition") % {"top": placing.individual_top}
    return _("individual top %(top)d of a web competition") % {"top": placing.individual_top}


def ledger_context(view: dict) -> dict:
    tracks = []
    for key, label in (("pin", _("Pin")), ("web_pin", _("Web Pin"))):
        if key not in view["tracks"]:  # a track the viewer does not read (a website's seat: the Pin's, 3.5)
            continue
        track = view["tracks"][key]
        for row in track["rows"]:
            row["table_points_display"] = twelfths_display(row["table_points"])
        tracks.append({"key": key, "label": label, "data": track["data"], "rows": track["rows"],
                       "ledger": track["ledger"], "progress": _progress(track)})
    return {"player": view["player"], "register": view["register"], "tracks": tracks}


@login_required
def my_pin(request):
    player = selectors.player_for_user(user=request.user)
    if player is None:  # a player known only from results files claims their record (pin_ranking.people, N7)
        return render(request, "pin_ranking/ledger/my_pin.html", {"player": None})
    view = selectors.player_ledger(player=player)
    return render(request, "pin_ranking/ledger/my_pin.html", {**ledger_context(view), "own": True,
                                                        "awards": selectors.pin_awards_of(player=player)})


@login_required
def players(request):
    form = forms.SearchForm(request.GET or None)
    query = form.cleaned_data["q"] if form.is_valid() else ""
    rows = selectors.player_search(user=request.user, query=query)
    return render(request, "pin_ranking/ledger/players.html", {
        "form": form, "rows": rows, "query": query, "section": "players"})


@login_required
def ledger(request):
    form = forms.LedgerFilterForm(request.GET or None)
    track = (form.cleaned_data.get("track") if form.is_valid() else "") or "pin"
    country = form.cleaned_data.get("country", "") if form.is_valid() else ""
    paginator = Paginator(selectors.ledgers_for_committee(user=request.user, track=track, country=country),
                          selectors.LEDGER_PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    for row in page.object_list:
        row.points_display = twelfths_display(row.points) if track == "pin" else row.points
    return render(request, "pin_ranking/ledger/ledger.html", {
        "form": form, "page": page, "page_numbers": paginator.get_elided_page_range(page.number),
        "track": track, "section": "ledger"})


CONTENT_TYPES = {"json": "application/json", "csv": "text/csv; charset=utf-8",
                 "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}


@login_required
def ledger_download(request):
    """The ledgers in the member's scope as CSV, XLSX or JSON (the export_pin_ledger command's files)."""
    fmt = request.GET.get("format", "csv")
    if fmt not in exports.FORMATS:
        fmt = "csv"
    content = exports.ledger_file(selectors.committee_ledger_export(user=request.user), fmt)
    response = HttpResponse(content, content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = f'attachment; filename="pin-ledger.{fmt}"'
    return response
