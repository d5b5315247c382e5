from django import forms
from django.utils.translation import gettext_lazy as _

from appeals.models import Appeal, AppealPolicy
from scoring.engine.table import MAX_HANDS
from tournaments.sheets.forms import CorrectedHandForm


class AppealForm(forms.Form):
    appellant = forms.TypedChoiceField(label=_("Player"), coerce=int)
    sheet = forms.TypedChoiceField(label=_("Session and table"), coerce=int)
    subject = forms.ChoiceField(label=_("Against"), choices=Appeal.Subject.choices)
    penalty = forms.TypedChoiceField(label=_("Penalty"), coerce=int, required=False, empty_value=None)
    hand_number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=MAX_HANDS, required=False)
    category = forms.ChoiceField(label=_("Kind of appeal"), choices=Appeal.Category.choices)
    statement = forms.CharField(label=_("Statement"), widget=forms.Textarea(attrs={"rows": 5}), max_length=4000)

    def __init__(self, *args, appellants, sheets, penalties, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["appellant"].choices = [(r.pk, f"{r.entry_number} {r.player.name}") for r in appellants]
        self.fields["sheet"].choices = sheets
        self.fields["penalty"].choices = [("", "—")] + penalties


class DecisionForm(CorrectedHandForm):
    """The decision, and for an upheld hand or sheet appeal the corrected hand (all its fields)."""

    outcome = forms.ChoiceField(
        label=_("Decision"), choices=[("upheld", _("Uphold")), ("rejected", _("Reject"))], widget=forms.RadioSelect
    )
    reasons = forms.CharField(label=_("Reasons"), widget=forms.Textarea(attrs={"rows": 3}), max_length=4000)
    hand_number = forms.IntegerField(label=_("Hand to correct"), min_value=1, max_value=MAX_HANDS, required=False)
    field_order = ["outcome", "reasons", "hand_number"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["result"].required = False
        self.fields["result"].choices = [("", "—")] + list(self.fields["result"].choices)
        self.fields["result"].label = _("Corrected result")

    def remedy(self, tiles: str) -> dict:
        if not self.cleaned_data.get("result"):
            return {}
        # Stored with the decision as JSON; the decision's service reads it back (HandEntry.from_mapping).
        hand = self.hand_entry(tiles).as_dict()
        if self.cleaned_data.get("hand_number"):
            hand["number"] = self.cleaned_data["hand_number"]
        return {"hand": hand}


class EscalateForm(forms.Form):
    statement = forms.CharField(label=_("To the arbitration committee"), widget=forms.Textarea(attrs={"rows": 3}),
                                max_length=4000)


class AppealPolicyForm(forms.Form):
    window_minutes = forms.IntegerField(
        label=_("Minutes to appeal after a session (3.12.2)"), min_value=1, max_value=600
    )
    fee_amount = forms.DecimalField(label=_("Appeal fee (3.12.3)"), min_value=0, max_digits=10, decimal_places=2)
    fee_currency = forms.RegexField(label=_("Currency"), regex=r"^[A-Za-z]{3}$", max_length=3)
    other_appeals_body = forms.ChoiceField(
        label=_("Other appeals go to (3.13.2)"), choices=AppealPolicy.OtherAppealsBody.choices
    )
