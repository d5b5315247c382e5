"""The ledger pages' forms."""

from django import forms
from django.utils.translation import gettext_lazy as _

from pin_ranking.models import TRACK_CHOICES


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Name or federation ID"), max_length=200, required=False)


class LedgerFilterForm(forms.Form):
    track = forms.ChoiceField(label=_("Track"), choices=TRACK_CHOICES, required=False)
    country = forms.CharField(label=_("Country or region"), max_length=64, required=False)
