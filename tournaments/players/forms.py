from django import forms
from django.utils.translation import gettext_lazy as _


class SelfLinkForm(forms.Form):
    entry_number = forms.IntegerField(
        label=_("Entry number"), min_value=1, max_value=2_147_483_647,
        help_text=_("The entry number on your schedule card."),
    )
    pin = forms.RegexField(
        label=_("PIN"), regex=r"^\s*\d{4,8}\s*$", max_length=12,
        help_text=_("The PIN printed on your schedule card, with which you confirm score sheets."),
        error_messages={"invalid": _("The PIN is the 4 digits printed on your schedule card.")},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
