"""The committee's decision on an application."""

from django import forms
from django.utils.translation import gettext_lazy


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(label=gettext_lazy("Decision"), choices=[
                                 ("approve", gettext_lazy("Approve")), ("reject", gettext_lazy("Reject")),
                                          ("more_info", gettext_lazy("Ask for more"))])
    version = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=500, required=False)
