from django import forms
from django.utils.translation import gettext_lazy as _


class ErasureForm(forms.Form):
    pseudonym = forms.BooleanField(
        label=_("Publish my results under a pseudonym"), required=False,
        help_text=_("Results and signed sheets stay, as the rules require (3.10, Appendices 5, 7 and 9). Without "
                    "this, they stay under your name as published."))
    confirm = forms.BooleanField(label=_("I understand that my account, contacts, e-mails, ID numbers and forms "
                                         "are deleted and cannot be brought back."))


class DecisionForm(forms.Form):
    # No default: erasing is not undone, so the administrator chooses.
    approve = forms.TypedChoiceField(label=_("Decision"), coerce=lambda v: v == "yes", empty_value=None,
                                     choices=[("", "—"), ("yes", _("Erase")), ("no", _("Refuse"))])
    pseudonym = forms.BooleanField(label=_("Agree to the pseudonym the person asked for"), required=False)
    reason = forms.CharField(label=_("Reason (told to the person when refused)"), max_length=300, required=False)
