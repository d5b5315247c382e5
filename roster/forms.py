"""The roster upload form."""

from django import forms
from django.utils.translation import gettext_lazy as _

from roster.files import ENCODINGS
from roster.models import ImportJob
from tournaments.limits import MAX_UPLOAD_BYTES

ENCODING_CHOICES = [("", _("UTF-8, or detect and ask"))] + ENCODINGS


class ImportForm(forms.Form):
    kind = forms.ChoiceField(label=_("What the file holds"), choices=ImportJob.Kind.choices)
    file = forms.FileField(label=_("CSV or XLSX file"))
    encoding = forms.ChoiceField(
        label=_("Encoding of a CSV file"), choices=ENCODING_CHOICES, required=False,
        help_text=_("Leave as it is unless you know: a file that is not UTF-8 is shown before it is imported."),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if not upload.name.lower().endswith((".csv", ".xlsx")):
            raise forms.ValidationError(_("Upload a .csv or .xlsx file."))
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        return upload


class EncodingForm(forms.Form):
    """The same file read again in the encoding the organizer chooses (the import page, after a refusal)."""

    encoding = forms.ChoiceField(label=_("Read the file as"), choices=ENCODINGS)


class LateRegistrationForm(forms.Form):
    """One player registered by hand (a late registration, or a substitute to be)."""

    name = forms.CharField(label=_("Name"), max_length=200)
    name_local = forms.CharField(label=_("Name in own script"), max_length=200, required=False)
    country = forms.CharField(label=_("Country or region"), max_length=64, required=False)
    federation_id = forms.CharField(label=_("Federation ID"), max_length=64, required=False)
    contact = forms.CharField(label=_("Contact"), max_length=200, required=False)
    team = forms.ModelChoiceField(label=_("Team"), queryset=None, required=False)
    entry_number = forms.IntegerField(
        label=_("Entry number"), required=False, min_value=1,
        help_text=_("Leave empty for the next free number."),
    )
    reserve = forms.BooleanField(
        label=_("A reserve (not seated)"), required=False,
        help_text=_("Registered without a seat: takes the seats of a player who withdraws or is disqualified."),
    )

    def __init__(self, *args, teams, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = teams


class ReserveForm(forms.Form):
    """A player made a reserve (not seated), or a reserve made a player: the button says which."""

    reserve = forms.TypedChoiceField(choices=[("1", "1"), ("0", "0")], coerce=lambda value: value == "1",
                                     widget=forms.HiddenInput)


class WithdrawForm(forms.Form):
    reason = forms.CharField(label=_("Reason (optional)"), max_length=300, required=False)


class WithdrawalUndoForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300)


class SubstituteForm(forms.Form):
    substitute = forms.ModelChoiceField(label=_("Substitute"), queryset=None)
    reason = forms.CharField(label=_("Reason (optional)"), max_length=300, required=False)

    def __init__(self, *args, candidates, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["substitute"].queryset = candidates
        self.fields["substitute"].label_from_instance = lambda r: f"{r.entry_number} {r.player.name}"
