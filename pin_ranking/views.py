"""The Pin pages: my Pin (player), the committee's register, imports, player search and ledger, the
chief referee's certificates, and the public verification of a results certificate."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from pin_ranking import forms, selectors, services
from pin_ranking.access import is_committee_member
from pin_ranking.committee import pin_awards_of
from pin_ranking.imports import (
    ExternalCompetition,
    ResultsFileInvalid,
    problem_message,
    results_archive_import,
    results_file_import,
)
from pin_ranking.pdf import certificate_pdf
from scoring.engine.table import twelfths_display
from tournaments.archive.read import ArchiveInvalid
from tournaments.errors import add_service_messages


def _css():
    return {"pin_css": True}


def home(request):
    """/pin/: the committee's register, the player's own Pin, or the public verification page."""
    if is_committee_member(request.user):
        return redirect("pin_ranking:committee")
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


def _ledger_context(view: dict) -> dict:
    tracks = []
    for key, label in (("pin", _("Pin")), ("web_pin", _("Web Pin"))):
        track = view["tracks"][key]
        for row in track["rows"]:
            row["table_points_display"] = twelfths_display(row["table_points"])
        tracks.append({"key": key, "label": label, "data": track["data"], "rows": track["rows"],
                       "ledger": track["ledger"], "progress": _progress(track)})
    return {"player": view["player"], "register": view["register"], "tracks": tracks}


@login_required
def my_pin(request):
    player = selectors.player_for_user(user=request.user)
    if player is None:
        return render(request, "pin_ranking/my_pin.html", {"player": None, **_css()})
    view = selectors.player_ledger(player=player)
    return render(request, "pin_ranking/my_pin.html", {**_ledger_context(view), "own": True, **_css(),
                                                        "awards": pin_awards_of(player=player)})


@login_required
def player_ledger(request, player_id: int):
    view = selectors.player_ledger_view(viewer=request.user, player_id=player_id)
    return render(request, "pin_ranking/my_pin.html", {**_ledger_context(view), "own": False, **_css(),
                                                        "awards": pin_awards_of(player=view["player"])})


@login_required
def committee(request):
    """The competition register: every registered competition, and a form to register a finished tournament."""
    competitions = selectors.competitions_for_committee(user=request.user)
    form = forms.RegisterForm(request.POST or None, tournaments=selectors.tournaments_to_register(user=request.user))
    if request.method == "POST" and form.is_valid():
        tournament = next(t for t in selectors.tournaments_to_register(user=request.user)
                          if t.pk == form.cleaned_data["tournament"])
        try:
            competition = services.competition_register(actor=request.user, tournament=tournament,
                                                        level=form.cleaned_data["level"])
        except ValidationError as error:
            add_service_messages(request, error)
        else:
            messages.success(request, _("“%(name)s” registered: class %(klass)s.") % {
                "name": competition.name, "klass": competition.klass})
            return redirect("pin_ranking:committee")
    register = selectors.pin_register_get()
    return render(request, "pin_ranking/committee.html", {
        "competitions": competitions, "form": form, "register": register,
        "edition_form": forms.EditionForm(initial={"edition": register.edition}), "section": "register", **_css()})


@login_required
@require_POST
def edition(request):
    form = forms.EditionForm(request.POST)
    if form.is_valid():
        try:
            services.pin_register_update(actor=request.user, edition=form.cleaned_data["edition"])
        except ValidationError as error:
            add_service_messages(request, error)
        else:
            messages.success(request, _("The register follows the %(edition)s edition; every ledger is being "
                                        "recomputed.") % {"edition": form.cleaned_data["edition"]})
    return redirect("pin_ranking:committee")


@login_required
def competition(request, competition_id: int):
    found = selectors.competition_get(user=request.user, competition_id=competition_id)
    form = forms.UnregisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.competition_unregister(actor=request.user, competition=found,
                                            reason=form.cleaned_data["reason"])
        except ValidationError as error:
            add_service_messages(request, error)
        else:
            messages.success(request, _("The registration is withdrawn: its results no longer count."))
            return redirect("pin_ranking:competition", competition_id=found.pk)
    results = list(selectors.competition_results(competition=found))
    for row in results:
        row.table_points_display = twelfths_display(row.table_points)
    return render(request, "pin_ranking/competition.html", {
        "competition": found, "results": results, "form": form, "section": "register", **_css()})


@login_required
def imports(request):
    """Results of competitions run elsewhere: a results file or a tournament archive."""
    selectors.require_committee(request.user)
    file_form = forms.ResultsFileForm(prefix="f")
    archive_form = forms.ArchiveForm(prefix="a")
    problems = []
    if request.method == "POST" and "f-file" in request.FILES:
        file_form = forms.ResultsFileForm(request.POST, request.FILES, prefix="f")
        if file_form.is_valid():
            data = file_form.cleaned_data
            upload = data["file"]
            event = ExternalCompetition(
                name=data["name"], level=data["level"], starts_on=data["starts_on"], ends_on=data["ends_on"],
                sessions=data["sessions"], place=data["place"], players=data["players"],
                chief_referee=data["chief_referee"])
            try:
                found = results_file_import(actor=request.user, filename=upload.name, content=upload.read(),
                                            competition=event)
            except ResultsFileInvalid as error:
                problems = [{**p.as_dict(), "message": problem_message(p.as_dict())} for p in error.problems]
            except ValidationError as error:
                add_service_messages(request, error)
            else:
                messages.success(request, _("“%(name)s” imported: class %(klass)s.") % {
                    "name": found.name, "klass": found.klass})
                return redirect("pin_ranking:competition", competition_id=found.pk)
    elif request.method == "POST":
        archive_form = forms.ArchiveForm(request.POST, request.FILES, prefix="a")
        if archive_form.is_valid():
            import json

            try:
                data = json.loads(archive_form.cleaned_data["file"].read().decode("utf-8-sig"))
                found = results_archive_import(actor=request.user, data=data, level=archive_form.cleaned_data["level"])
            except (ValueError, UnicodeDecodeError):
                messages.error(request, _("The archive is not a JSON file."))
            except ArchiveInvalid as error:
                problems = [{"row": "", "column": "", "message": str(p)} for p in error.problems]
            except ValidationError as error:
                add_service_messages(request, error)
            else:
                messages.success(request, _("“%(name)s” imported and registered: class %(klass)s.") % {
                    "name": found.name, "klass": found.klass})
                return redirect("pin_ranking:competition", competition_id=found.pk)
    history = [{"row": r, "messages": [problem_message(p) for p in r.errors]}
               for r in selectors.imports_for_committee(user=request.user)]
    return render(request, "pin_ranking/imports.html", {
        "file_form": file_form, "archive_form": archive_form, "problems": problems, "history": history,
        "section": "imports", **_css()})


@login_required
def players(request):
    form = forms.SearchForm(request.GET or None)
    query = form.cleaned_data["q"] if form.is_valid() else ""
    rows = selectors.player_search(user=request.user, query=query)
    return render(request, "pin_ranking/players.html", {
        "form": form, "rows": rows, "query": query, "section": "players", **_css()})


@login_required
def ledger(request):
    form = forms.LedgerFilterForm(request.GET or None)
    track = (form.cleaned_data.get("track") if form.is_valid() else "") or "pin"
    rows = list(selectors.ledgers_for_committee(user=request.user, track=track))
    for row in rows:
        row.points_display = twelfths_display(row.points) if track == "pin" else row.points
    return render(request, "pin_ranking/ledger.html", {
        "form": form, "rows": rows, "track": track, "section": "ledger", **_css()})


@login_required
def tournament_certificates(request, tournament_id: int):
    """The chief referee's page: sign the tournament's results certificates (Appendix 9, 7.2)."""
    tournament, found, results = selectors.tournament_certificates(user=request.user, tournament_id=tournament_id)
    if request.method == "POST" and found is not None:
        try:
            count = services.certificates_sign_all(actor=request.user, competition=found)
        except ValidationError as error:
            add_service_messages(request, error)
        else:
            messages.success(request, _("%(count)d certificates signed.") % {"count": count})
            return redirect("pin_ranking:tournament_certificates", tournament_id=tournament_id)
    for row in results:
        row.table_points_display = twelfths_display(row.table_points)
    return render(request, "pin_ranking/tournament_certificates.html", {
        "tournament": tournament, "competition": found, "results": results,
        "can_sign": selectors.chief_referee_of(user=request.user, tournament_id=tournament_id), **_css()})


@login_required
def certificate_download(request, certificate_id: int):
    certificate = selectors.certificate_for_viewer(viewer=request.user, certificate_id=certificate_id)
    url = request.build_absolute_uri(reverse("pin_ranking:verify") + f"?code={certificate.code}")
    response = HttpResponse(certificate_pdf(certificate, verify_url=url), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="results-certificate-{certificate.code}.pdf"'
    return response


def verify(request):
    """Public: anyone checks a results certificate by its code."""
    form = forms.VerifyForm(request.GET or None)
    certificate = None
    looked = False
    if form.is_valid():
        looked = True
        certificate = selectors.certificate_public(code=form.cleaned_data["code"])
    context = {"form": form, "certificate": certificate, "looked": looked, **_css()}
    if certificate is not None:
        context["table_points"] = twelfths_display(certificate.result.table_points)
    return render(request, "pin_ranking/verify.html", context)


