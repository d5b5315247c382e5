"""The tournament archive (docs/archive.md) from the organizer's pages: download it, import one."""

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from archive.export import adjusted_sheets, tournament_export_archive, unsigned_sheets
from archive.loading import ArchiveFileError, archive_loads
from archive.read import ArchiveInvalid
from archive.services import tournament_import_archive
from tournaments.access import Capability
from tournaments.core import selectors as core_selectors
from tournaments.limits import MAX_ARCHIVE_BYTES


class ArchiveUploadForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Archive file (.json)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_ARCHIVE_BYTES:
            raise forms.ValidationError(_("The file is larger than 20 MB."))
        try:
            return archive_loads(upload.read())
        except ArchiveFileError as error:
            raise forms.ValidationError(
                _("The file is not a tournament archive (JSON in UTF-8): %(detail)s") % {"detail": str(error)}
            ) from error


@login_required
def archive_download(request, tournament_id: int):
    """The whole tournament as one JSON file, for its organizer (the same file as `export_tournament`)."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    text = json.dumps(tournament_export_archive(tournament), ensure_ascii=False, indent=2) + "\n"
    response = HttpResponse(text.encode("utf-8"), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-archive.json"'
    return response


@login_required
def archive_page(request, tournament_id: int):
    """What the archive holds and what it leaves out, with the download button."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    context = {
        "tournament": tournament,
        "unsigned": unsigned_sheets(tournament),
        "adjusted": adjusted_sheets(tournament),
    }
    return render(request, "archive/archive.html", context)


@login_required
@permission_required("tournaments.add_tournament", raise_exception=True)
def archive_import(request):
    """A new tournament from an archive file: all or nothing, every problem listed (as `import_tournament`)."""
    form = ArchiveUploadForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            tournament = tournament_import_archive(actor=request.user, data=form.cleaned_data["file"])
        except ArchiveInvalid as error:
            problems = [str(problem) for problem in error.problems]
        else:
            messages.success(request, _("Tournament imported from the archive."))
            return redirect("tournaments:detail", tournament.pk)
    return render(request, "archive/import.html", {"form": form, "problems": problems})
