from django import forms
from django.utils.translation import gettext_lazy as _

from pin_ranking.models import EDITION_CHOICES, LEVEL_CHOICES, TRACK_CHOICES


class RegisterForm(forms.Form):
    tournament = forms.TypedChoiceField(label=_("Finished tournament"), coerce=int)
    level = forms.ChoiceField(label=_("Level"), choices=LEVEL_CHOICES)

    def __init__(self, *args, tournaments=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].choices = [(t.pk, f"{t.name} ({t.starts_on:%Y-%m-%d})") for t in tournaments]


class UnregisterForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300)


class ResultsFileForm(forms.Form):
    file = forms.FileField(label=_("Results file (CSV or XLSX)"))
    name = forms.CharField(label=_("Competition"), max_length=200)
    place = forms.CharField(label=_("Place"), max_length=200, required=False)
    starts_on = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))
    level = forms.ChoiceField(label=_("Level"), choices=LEVEL_CHOICES)
    sessions = forms.IntegerField(label=_("Sessions played"), min_value=1, max_value=100)
    players = forms.IntegerField(label=_("Players (empty: the rows of the file)"), min_value=1, required=False)
    chief_referee = forms.CharField(label=_("Chief referee who signed the results"), max_length=200)


class ArchiveForm(forms.Form):
    file = forms.FileField(label=_("Tournament archive (JSON)"))
    level = forms.ChoiceField(label=_("Level"), choices=LEVEL_CHOICES)


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Name or federation ID"), max_length=200, required=False)


class LedgerFilterForm(forms.Form):
    track = forms.ChoiceField(label=_("Track"), choices=TRACK_CHOICES, required=False)


class EditionForm(forms.Form):
    edition = forms.ChoiceField(label=_("Edition"), choices=EDITION_CHOICES)


class VerifyForm(forms.Form):
    code = forms.CharField(label=_("Verification code"), max_length=20)
