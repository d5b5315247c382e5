"""The imports page's forms."""

from django import forms
from django.utils.translation import gettext_lazy as _

from pin_ranking.models import LEVEL_CHOICES
from tournaments.countries import iso_choices


class ResultsFileForm(forms.Form):
    file = forms.FileField(label=_("Results file (CSV or XLSX)"))
    name = forms.CharField(label=_("Competition"), max_length=200)
    place = forms.CharField(label=_("Place"), max_length=200, required=False)
    starts_on = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))
    level = forms.ChoiceField(label=_("Level"), choices=LEVEL_CHOICES)
    sessions = forms.IntegerField(label=_("Sessions played"), min_value=1, max_value=100)
    players = forms.IntegerField(label=_("Players (empty: the rows of the file)"), min_value=1, required=False)
    country = forms.ChoiceField(label=_("Host country or region"), required=False)
    countries = forms.IntegerField(label=_("Countries or regions taking part"), min_value=1, required=False)
    chief_referee = forms.CharField(label=_("Chief referee who signed the results"), max_length=200)
    ranked_by_final = forms.BooleanField(label=_("The competition ranked a final's players first (3.5.4): ranks "
                                                 "need not follow the table points"), required=False)
    missing_rows_reason = forms.CharField(
        label=_("Why players are missing from the file (only when more players are stated than it lists)"),
        max_length=300, required=False)
    results_sheet = forms.FileField(label=_("Full results sheet (needed when the file lists fewer players than "
                                            "stated and the class rests on the stated number)"), required=False)


    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["country"].choices = [("", "—"), *iso_choices()]  # never a typed word (N2)


class ReviewForm(forms.Form):
    """Confirming a file that waits for review (pin_ranking.imports.services.results_import_confirm)."""

    create_players = forms.BooleanField(label=_("Create the players listed from the file"), required=False)
    names_reason = forms.CharField(label=_("Why the names differ (word order, spacing, script…)"), max_length=300,
                                   required=False)
    duplicate_reason = forms.CharField(label=_("Why these results are another competition than those listed"),
                                       max_length=300, required=False)


class ArchiveForm(forms.Form):
    file = forms.FileField(label=_("Tournament archive (JSON)"))
    level = forms.ChoiceField(label=_("Level"), choices=LEVEL_CHOICES)
    country = forms.ChoiceField(label=_("Host country or region (when the archive names none)"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["country"].choices = [("", "—"), *iso_choices()]
