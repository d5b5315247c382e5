from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from entries.models import MAX_NAME, Entry
from tournaments.countries import iso_choices


class EntryForm(forms.Form):
    """A person enters themself. Only what the tournament needs (docs/privacy.md): no date of birth."""

    name = forms.CharField(label=_("Name in Latin script"), max_length=MAX_NAME,
                           help_text=_("As on your federation's records, e.g. LI Ming."))
    name_local = forms.CharField(label=_("Name in your own script"), max_length=MAX_NAME, required=False)
    country = forms.ChoiceField(label=_("Country or region"), choices=[("", "—")] + iso_choices())
    issuer = forms.CharField(label=_("Federation (issuer of your ID)"), max_length=16, required=False,
                             help_text=_("e.g. CMA, EMA, JPML, WMO"))
    federation_id = forms.CharField(label=_("Federation ID"), max_length=40, required=False)
    email = forms.EmailField(label=_("E-mail"), max_length=254,
                             help_text=_("We send a link to confirm your entry: it takes a place only once confirmed."))
    consent = forms.BooleanField(label=_("I agree that my entry is kept as the privacy notice says."), required=False)
    # Left empty by people; filled in by the robots that fill in every field (hidden by CSS, not by type=hidden).
    website = forms.CharField(label=_("Leave this empty"), required=False)


class WindowForm(forms.Form):
    opens_at = forms.DateTimeField(label=_("Entries open"),
                                   widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    closes_at = forms.DateTimeField(label=_("Entries close"),
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    capacity = forms.IntegerField(label=_("Places (players)"), min_value=4,
                                  help_text=_("A multiple of four: one table seats four (3.5.2)."))
    quotas = forms.CharField(
        label=_("Country quotas"), required=False, widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("One country a line: its ISO code and its places, e.g. \"CN 40\". The places no quota keeps "
                    "are open to anyone."))
    quota_release_on = forms.DateField(label=_("Unused country places released on"), required=False,
                                       widget=forms.DateInput(attrs={"type": "date"}))
    offer_days = forms.IntegerField(label=_("Days to accept an offered place"), min_value=1, max_value=60, initial=3)
    fee = forms.DecimalField(label=_("Entry fee"), min_value=0, max_digits=10, decimal_places=2, initial=0)
    currency = forms.CharField(label=_("Currency"), max_length=3, required=False)
    payment_instructions = forms.CharField(label=_("How to pay"), required=False,
                                           widget=forms.Textarea(attrs={"rows": 3}))
    refund_until = forms.DateField(label=_("Refund deadline"), required=False,
                                   widget=forms.DateInput(attrs={"type": "date"}))
    payment_required = forms.BooleanField(label=_("Only paid entries join the roster"), required=False)
    individuals = forms.BooleanField(label=_("Players enter on their own"), required=False, initial=True)
    team_players = forms.IntegerField(label=_("Players in a team"), min_value=0, max_value=40, initial=0,
                                      help_text=_("0: teams do not enter. The reserves a team may bring are the "
                                                  "tournament's setting."))

    def clean_quotas(self) -> dict[str, int]:
        quotas = {}
        for number, line in enumerate(self.cleaned_data["quotas"].splitlines(), start=1):
            parts = line.replace(",", " ").replace(":", " ").split()
            if not parts:
                continue
            if len(parts) != 2 or not parts[1].isdigit():
                raise forms.ValidationError(_("Line %(n)d: write a country code and a number, e.g. \"CN 40\".")
                                            % {"n": number})
            quotas[parts[0].upper()] = int(parts[1])
        return quotas


class PaymentForm(forms.Form):
    payment = forms.ChoiceField(label=_("Paid by"), choices=Entry.Payment.choices)
    reference = forms.CharField(label=_("Reference"), max_length=100, required=False)


class TeamForm(forms.Form):
    """A team leader enters a team: the team, then each player and reserve (MemberForm)."""

    name = forms.CharField(label=_("Team name"), max_length=MAX_NAME)
    name_local = forms.CharField(label=_("Team name in your own script"), max_length=MAX_NAME, required=False)
    country = forms.ChoiceField(label=_("Country or region"), choices=[("", "—")] + iso_choices())
    email = forms.EmailField(label=_("Team leader's e-mail"), max_length=254,
                             help_text=_("We send the leader a link to confirm the entry."))
    consent = forms.BooleanField(label=_("I agree that this entry is kept as the privacy notice says, and the "
                                         "team's players agree too."), required=False)
    website = forms.CharField(label=_("Leave this empty"), required=False)


class MemberForm(forms.Form):
    name = forms.CharField(label=_("Name in Latin script"), max_length=MAX_NAME, required=False)
    name_local = forms.CharField(label=_("Name in own script"), max_length=MAX_NAME, required=False)
    country = forms.ChoiceField(label=_("Country or region"), choices=[("", "—")] + iso_choices(), required=False)
    issuer = forms.CharField(label=_("Federation"), max_length=16, required=False)
    federation_id = forms.CharField(label=_("Federation ID"), max_length=40, required=False)
    email = forms.EmailField(label=_("E-mail"), max_length=254, required=False)

    def filled(self) -> bool:
        return any((self.cleaned_data.get(field) or "").strip() for field in ("name", "federation_id", "email"))


def member_forms(data, *, players: int, reserves: int) -> list[tuple[str, bool, MemberForm]]:
    """(heading, reserve, form) for each player, then each reserve (a reserve row left empty is no reserve)."""
    rows = []
    for n in range(players + reserves):
        reserve = n >= players
        heading = (_("Reserve %(n)d") % {"n": n - players + 1}) if reserve else (_("Player %(n)d") % {"n": n + 1})
        rows.append((heading, reserve, MemberForm(data, prefix=f"members-{n}")))
    return rows


class AddEntryForm(forms.Form):
    """The organizer adds an entry by hand."""

    name = forms.CharField(label=_("Name in Latin script"), max_length=MAX_NAME)
    name_local = forms.CharField(label=_("Name in own script"), max_length=MAX_NAME, required=False)
    country = forms.ChoiceField(label=_("Country or region"), choices=[("", "—")] + iso_choices())
    issuer = forms.CharField(label=_("Federation"), max_length=16, required=False)
    federation_id = forms.CharField(label=_("Federation ID"), max_length=40, required=False)
    email = forms.EmailField(label=_("E-mail"), max_length=254)
    language = forms.ChoiceField(label=_("Language of the mail"), choices=settings.LANGUAGES)
