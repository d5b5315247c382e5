from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import ImportJob, Team, Tournament

MAX_UPLOAD_BYTES = 2 * 1024 * 1024


class DateInput(forms.DateInput):
    input_type = "date"


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["name", "venue", "starts_on", "ends_on", "rules", "planned_sessions", "session_minutes"]
        widgets = {"starts_on": DateInput(), "ends_on": DateInput()}


class TournamentEditForm(TournamentForm):
    class Meta(TournamentForm.Meta):
        fields = TournamentForm.Meta.fields + ["status"]


class RegistrationForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=200)
    name_local = forms.CharField(label=_("name in own script"), max_length=200, required=False)
    country = forms.CharField(label=_("country or region"), max_length=64, required=False)
    federation_id = forms.CharField(label=_("federation ID"), max_length=64, required=False)
    contact = forms.CharField(label=_("contact"), max_length=200, required=False)
    team = forms.ModelChoiceField(label=_("team"), queryset=Team.objects.none(), required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = tournament.teams.all()


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
