"""The application form (Appendix 10) and the answer to the committee's question."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pin_ranking.models import Application

PLEDGE = gettext_lazy("I promise to develop the Olympic spirit, promote a healthy, scientific and friendly mahjong "
                      "culture, oppose gambling, fakes and shoddy conduct, and do what I can for the development "
                      "of competitive mahjong. Please check.")


class ApplicationForm(forms.Form):
    pin = forms.TypedChoiceField(label=gettext_lazy("Pin applied for"), coerce=int)
    sex = forms.ChoiceField(label=gettext_lazy("Sex"), choices=Application.Sex.choices)
    age = forms.IntegerField(label=gettext_lazy("Age"), min_value=5, max_value=120)
    id_number = forms.CharField(label=gettext_lazy("ID document number"), max_length=64)
    contact = forms.CharField(label=gettext_lazy("Telephone or e-mail"), max_length=200)
    pledge_accepted = forms.BooleanField(label=PLEDGE)
    paper_form = forms.FileField(label=gettext_lazy("The paper form the player signed (Appendix 10; PDF, JPEG or "
                                                    "PNG). Without it the player confirms in their account."),
                                 required=False)

    def __init__(self, *args, reached: int, on_behalf: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pin"].choices = [(p, _("Pin %(pin)s") % {"pin": p}) for p in range(reached, 10)]
        # Only the player accepts the pledge (3.10.2 经本人申请); an official brings the form the player signed.
        del self.fields["paper_form" if not on_behalf else "pledge_accepted"]


class AnswerForm(forms.Form):
    note = forms.CharField(label=gettext_lazy("What you add or correct"), max_length=1000, widget=forms.Textarea(
        attrs={"rows": 4}))
    sex = forms.ChoiceField(label=gettext_lazy("Sex"), choices=Application.Sex.choices)
    age = forms.IntegerField(label=gettext_lazy("Age"), min_value=5, max_value=120)
    id_number = forms.CharField(label=gettext_lazy("ID document number"), max_length=64)
    contact = forms.CharField(label=gettext_lazy("Telephone or e-mail"), max_length=200)
    refresh_results = forms.BooleanField(label=gettext_lazy("Fill the results again from my ledger as it stands now"),
                                         required=False)


class ConfirmForm(forms.Form):
    pledge_accepted = forms.BooleanField(label=PLEDGE)
