"""The register's forms."""

from django import forms
from django.utils.translation import gettext_lazy as _

from pin_ranking.models import EDITION_CHOICES, LEVEL_CHOICES
from tournaments.countries import iso_choices


class RegisterForm(forms.Form):
    tournament = forms.TypedChoiceField(label=_("Finished tournament"), coerce=int)
    level = forms.ChoiceField(label=_("Level"), choices=LEVEL_CHOICES)
    country = forms.ChoiceField(label=_("Host country or region (when the tournament names none)"), required=False)
    duplicate_reason = forms.CharField(
        label=_("Why these results are another competition (only when the register finds near results)"),
        max_length=300, required=False)

    def __init__(self, *args, tournaments=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].choices = [(t.pk, f"{t.name} ({t.starts_on:%Y-%m-%d})") for t in tournaments]
        self.fields["country"].choices = [("", "—"), *iso_choices()]


class UnregisterForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300)


class EditionForm(forms.Form):
    """The register's settings, changed by the world body (pin_ranking.committee.services.pin_register_update)."""

    edition = forms.ChoiceField(label=_("Edition"), choices=EDITION_CHOICES)
    delegate_to_members = forms.BooleanField(
        label=_("Member organizations register their own country's competitions below class A"), required=False)


class VerifyForm(forms.Form):
    code = forms.CharField(label=_("Verification code"), max_length=20)
