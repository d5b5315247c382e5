"""The committee's decision on an application; the register administrator's committees and seats."""

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.countries import iso_choices


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(label=gettext_lazy("Decision"), choices=[
                                 ("approve", gettext_lazy("Approve")), ("reject", gettext_lazy("Reject")),
                                          ("more_info", gettext_lazy("Ask for more"))])
    version = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=500, required=False)


class CommitteeForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    kind = forms.ChoiceField(label=gettext_lazy("Kind"), choices=[
        ("world", gettext_lazy("World body")), ("member", gettext_lazy("Member organization")),
        ("website", gettext_lazy("Authorized website"))])
    country = forms.ChoiceField(label=gettext_lazy("Country or region (a member organization's)"), required=False)
    id_issuer = forms.CharField(label=gettext_lazy("Issuer of the federation IDs it keeps (such as EMA), if any"),
                                max_length=16, required=False,
                                help_text=gettext_lazy("It may confirm the claims of players whose ID it issued."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["country"].choices = [("", "—"), *iso_choices()]  # ISO 3166-1, never a typed word


class RetireForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Why the committee is retired"), max_length=300)


class SeatForm(forms.Form):
    committee = forms.TypedChoiceField(label=gettext_lazy("Committee"), coerce=int)
    username = forms.CharField(label=gettext_lazy("Account (user name)"), max_length=150)

    def __init__(self, *args, committees=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["committee"].choices = [(c.pk, c.name) for c in committees]


class AdminForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Account (user name)"), max_length=150)
