"""The committee's imports page: results files and tournament archives of competitions run elsewhere."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from archive.read import ArchiveInvalid
from pin_ranking.access import committee_member_required
from pin_ranking.imports import forms, selectors
from pin_ranking.imports.services import (
    ExternalCompetition,
    ResultsFileInvalid,
    ResultsNeedReview,
    problem_message,
    results_archive_import,
    results_file_import,
    results_import_confirm,
)
from tournaments.errors import add_service_messages
from tournaments.pages import page_action


def _problems(request, error: ValidationError | None) -> list[dict]:
    """A refused file's or archive's problems as the page lists them (row, column and the message); any
    other refusal as error messages."""
    if isinstance(error, ResultsFileInvalid):
        return [{**p.as_dict(), "message": problem_message(p.as_dict())} for p in error.problems]
    if isinstance(error, ArchiveInvalid):
        return [{"row": "", "column": "", "message": str(p)} for p in error.problems]
    if error is not None:
        add_service_messages(request, error)
    return []


@login_required
def imports(request):
    """Results of competitions run elsewhere: a results file or a tournament archive."""
    committee_member_required(request.user)
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
                chief_referee=data["chief_referee"], country=data["country"], countries=data["countries"],
                ranked_by_final=data["ranked_by_final"], missing_rows_reason=data["missing_rows_reason"])
            try:
                with page_action(request, shown=False) as action:
                    found = results_file_import(actor=request.user, filename=upload.name, content=upload.read(),
                                                competition=event, results_sheet=data["results_sheet"])
            except ResultsNeedReview as review:
                return redirect("pin_ranking:import_review", import_id=review.record.pk)
            if action.done:
                messages.success(request, _("“%(name)s” imported: class %(klass)s.") % {
                    "name": found.name, "klass": found.klass})
                return redirect("pin_ranking:competition", competition_id=found.pk)
            problems = _problems(request, action.error)
    elif request.method == "POST":
        archive_form = forms.ArchiveForm(request.POST, request.FILES, prefix="a")
        if archive_form.is_valid():
            import json

            try:
                data = json.loads(archive_form.cleaned_data["file"].read().decode("utf-8-sig"))
                with page_action(request, shown=False) as action:
                    found = results_archive_import(actor=request.user, data=data,
                                                   level=archive_form.cleaned_data["level"],
                                                   country=archive_form.cleaned_data["country"])
            except (ValueError, UnicodeDecodeError):  # not JSON, or data the archive reader cannot take
                messages.error(request, _("The archive is not a JSON file."))
            else:
                if action.done:
                    messages.success(request, _("“%(name)s” imported and registered: class %(klass)s.") % {
                        "name": found.name, "klass": found.klass})
                    return redirect("pin_ranking:competition", competition_id=found.pk)
                problems = _problems(request, action.error)
    history = [{"row": r, "messages": [problem_message(p) for p in r.errors]}
               for r in selectors.imports_for_committee(user=request.user)]
    return render(request, "pin_ranking/imports/imports.html", {
        "file_form": file_form, "archive_form": archive_form, "problems": problems, "history": history,
        "section": "imports"})


@login_required
def import_review(request, import_id: int):
    """A clean file waiting for review: the players the register does not know (created from the file on
    confirmation) and the names written otherwise than stored (accepted with a reason)."""
    record = selectors.import_in_review(user=request.user, import_id=import_id)
    form = forms.ReviewForm(request.POST or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        with page_action(request, shown=False) as action:
            found = results_import_confirm(actor=request.user, import_id=record.pk, **form.cleaned_data)
        if action.done:
            messages.success(request, _("“%(name)s” imported: class %(klass)s.") % {
                "name": found.name, "klass": found.klass})
            return redirect("pin_ranking:competition", competition_id=found.pk)
        problems = _problems(request, action.error)
    return render(request, "pin_ranking/imports/review.html", {
        "record": record, "form": form, "problems": problems, "section": "imports"})
