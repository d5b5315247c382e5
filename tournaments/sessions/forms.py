from django import forms
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

from tournaments.models import MAX_ENTRY_NUMBER


class PlayerCheckInForm(forms.Form):
    """3.5.7.1: the player checks in at the table with their entry number and PIN."""

    entry = forms.IntegerField(label=_("Entry number"), min_value=1, max_value=MAX_ENTRY_NUMBER)
    pin = forms.CharField(
        label=_("PIN"),
        max_length=8,
        validators=[RegexValidator(r"^\d+$", _("The PIN is digits only."))],
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


class SessionScheduleForm(forms.Form):
    """When a planned session is to start (for information: lateness counts from the start on the board)."""

    scheduled_start = forms.DateTimeField(
        label=_("Scheduled start"),
        required=False,
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
