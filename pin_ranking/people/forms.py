"""The forms of a player's ledger page for the committee: a paper Pin, a merge."""

from django import forms
from django.utils.translation import gettext_lazy as _

from pin_ranking.models import TRACK_CHOICES


class PaperAwardForm(forms.Form):
    track = forms.ChoiceField(label=_("Track"), choices=TRACK_CHOICES)
    pin = forms.IntegerField(label=_("Pin"), min_value=1, max_value=9)
    number = forms.CharField(label=_("Certificate number (as printed)"), max_length=32)
    awarded_on = forms.DateField(label=_("Awarded on"), widget=forms.DateInput(attrs={"type": "date"}))


class MergeForm(forms.Form):
    merged = forms.IntegerField(label=_("Number of the other record (its ledger page's address ends with it)"),
                                min_value=1)
    reason = forms.CharField(label=_("Why it is the same person"), max_length=300)


class ClaimForm(forms.Form):
    """A player known only from results files claims their record (My Pin)."""

    federation_id = forms.CharField(label=_("Your federation ID (with its issuer, such as EMA:04160001)"),
                                    max_length=64)
    note = forms.CharField(label=_("How your committee can tell it is you (your club, a results list…)"),
                           max_length=300, required=False)


class ClaimDecisionForm(forms.Form):
    reason = forms.CharField(label=_("Reason (needed to refuse)"), max_length=300, required=False)
