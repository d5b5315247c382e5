"""The roster upload form."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import ImportJob

MAX_UPLOAD_BYTES = 2 * 1024 * 1024


class ImportForm(forms.Form):
    kind = forms.ChoiceField(label=_("What the file holds"), choices=ImportJob.Kind.choices)
    file = forms.FileField(label=_("CSV or XLSX file"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if not upload.name.lower().endswith((".csv", ".xlsx")):
            raise forms.ValidationError(_("Upload a .csv or .xlsx file."))
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        return upload
