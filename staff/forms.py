"""Forms of the staff pages: they check shape; staff.services checks the rules."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Role, Team, Tournament


class StaffGrantForm(forms.Form):
    INVITE, ACCOUNT, EXISTING = "invite", "account", "existing"

    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.REFEREE)
    team = forms.ModelChoiceField(
        label=_("Team (team leaders only)"), queryset=Team.objects.none(), required=False
    )
    how = forms.ChoiceField(
        label=_("How"),
        widget=forms.RadioSelect,
        initial=INVITE,
        choices=[
            (INVITE, _("An invitation link (to copy, or sent by e-mail)")),
            (ACCOUNT, _("A new account with a one-time password")),
            (EXISTING, _("An account that exists already")),
        ],
    )
    email = forms.EmailField(label=_("E-mail (optional)"), required=False)
    username = forms.CharField(label=_("Username (new or existing account)"), max_length=150, required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = tournament.teams.order_by("name")

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("how") in (self.ACCOUNT, self.EXISTING) and not cleaned.get("username"):
            self.add_error("username", _("Give the account's username."))
        return cleaned


class NewAccountForm(forms.Form):
    """Someone invited without an account chooses their username and password."""

    username = forms.CharField(label=_("Username"), max_length=150)
    password1 = forms.CharField(label=_("Password"), widget=forms.PasswordInput, strip=False)
    password2 = forms.CharField(label=_("Password again"), widget=forms.PasswordInput, strip=False)

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("password1") and cleaned.get("password1") != cleaned.get("password2"):
            self.add_error("password2", _("The two passwords differ."))
        return cleaned


class NewPasswordForm(forms.Form):
    password1 = forms.CharField(label=_("New password"), widget=forms.PasswordInput, strip=False)
    password2 = forms.CharField(label=_("New password again"), widget=forms.PasswordInput, strip=False)

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("password1") and cleaned.get("password1") != cleaned.get("password2"):
            self.add_error("password2", _("The two passwords differ."))
        return cleaned
