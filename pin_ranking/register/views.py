"""The register's pages: the committee's register of competitions and its edition, a competition's frozen
results, the chief referee's results certificates, and the public verification of a certificate."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from pin_ranking.access import is_register_admin, seats_of, track_of_level, tracks_for
from pin_ranking.ledger import selectors as ledger_selectors
from pin_ranking.pdf import certificate_pdf
from pin_ranking.register import forms, selectors, services
from scoring.engine.table import twelfths_display
from tournaments.pages import page_action


@login_required
def committee(request):
    """The competition register: every registered competition, and a form to register a finished tournament."""
    competitions = selectors.competitions_for_committee(user=request.user)
    form = forms.RegisterForm(request.POST or None, tournaments=selectors.tournaments_to_register(user=request.user))
    if request.method == "POST" and form.is_valid():
        tournament = next(t for t in selectors.tournaments_to_register(user=request.user)
                          if t.pk == form.cleaned_data["tournament"])
        with page_action(request) as action:
            competition = services.competition_register(actor=request.user, tournament=tournament,
                                                        level=form.cleaned_data["level"],
                                                        country=form.cleaned_data["country"],
                                                        duplicate_reason=form.cleaned_data["duplicate_reason"])
        if action.done:
            messages.success(request, _("“%(name)s” registered: class %(klass)s.") % {
                "name": competition.name, "klass": competition.klass})
            return redirect("pin_ranking:committee")
    register = ledger_selectors.pin_register_get()
    return render(request, "pin_ranking/register/committee.html", {
        "competitions": competitions, "form": form, "register": register,
        "pin_register_admin": is_register_admin(request.user),
        "edition_form": forms.EditionForm(initial={
            "edition": register.edition, "delegate_to_members": register.delegate_to_members}), "section": "register"})


@login_required
def competition(request, competition_id: int):
    found = selectors.competition_get(user=request.user, competition_id=competition_id)
    form = forms.UnregisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with page_action(request, success=_("The registration is withdrawn: its results no longer count.")) as action:
            services.competition_unregister(actor=request.user, competition=found,
                                            reason=form.cleaned_data["reason"])
        if action.done:
            return redirect("pin_ranking:competition", competition_id=found.pk)
    # A member organization reads its own players' rows of another country's competition (the ledger's scope); a
    # website's seat a web competition's only (3.5).
    results = list(selectors.competition_results(competition=found).filter(
        player__in=ledger_selectors.players_in_scope(request.user))) if track_of_level(found.level) in tracks_for(
        seats_of(request.user)) else []
    for row in results:
        row.table_points_display = twelfths_display(row.table_points)
    return render(request, "pin_ranking/register/competition.html", {
        "competition": found, "results": results, "form": form, "section": "register"})


@login_required
def tournament_certificates(request, tournament_id: int):
    """The chief referee's page: sign the tournament's results certificates (Appendix 9, 7.2)."""
    tournament, found, results = selectors.tournament_certificates(user=request.user, tournament_id=tournament_id)
    if request.method == "POST" and found is not None:
        with page_action(request) as action:
            count = services.certificates_sign_all(actor=request.user, competition=found)
        if action.done:
            messages.success(request, _("%(count)d certificates signed.") % {"count": count})
            return redirect("pin_ranking:tournament_certificates", tournament_id=tournament_id)
    for row in results:
        row.table_points_display = twelfths_display(row.table_points)
    return render(request, "pin_ranking/register/tournament_certificates.html", {
        "tournament": tournament, "competition": found, "results": results,
        "can_sign": selectors.chief_referee_of(user=request.user, tournament_id=tournament_id)})


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
    context = {"form": form, "certificate": certificate, "looked": looked}
    if certificate is not None:
        context["table_points"] = twelfths_display(certificate.result.table_points)
    return render(request, "pin_ranking/register/verify.html", context)
