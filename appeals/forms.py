import datetime as dt

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from appeals.currencies import NOT_A_CURRENCY, is_currency
from appeals.models import Appeal, AppealPolicy
from appeals.selectors import FEE_NOT_POSITIVE
from scoring.engine.table import MAX_HANDS
from tournaments.sheets.forms import CorrectedHandForm


class AppealForm(forms.Form):
    appellant = forms.TypedChoiceField(label=_("Player"), coerce=int)
    sheet = forms.TypedChoiceField(label=_("Session and table"), coerce=int)
    # A rank cancellation is appealed from its own form (RankCancellationAppealForm): it has no table.
    subject = forms.ChoiceField(label=_("Against"), choices=[
        choice for choice in Appeal.Subject.choices if choice[0] != Appeal.Subject.RANK_CANCELLATION])
    penalty = forms.TypedChoiceField(label=_("Penalty"), coerce=int, required=False, empty_value=None)
    hand_number = forms.IntegerField(
        label=pgettext_lazy("hand number", "Hand"), min_value=1, max_value=MAX_HANDS, required=False
    )
    category = forms.ChoiceField(label=_("Kind of appeal"), choices=Appeal.Category.choices)
    # 3.12.4 "所有申诉材料可直接呈报仲裁委员会": the appellant chooses the route.
    route = forms.ChoiceField(
        label=_("Route"),
        choices=[
            ("usual", _("The chief referee first (rule 3.13.1); other appeals to the body the organizers name "
                        "(rule 3.13.2)")),
            ("direct", _("Straight to the arbitration committee (rule 3.12.4)")),
        ],
        widget=forms.RadioSelect, required=False, initial="usual",
    )
    # 3.13.3: asked for a penalty appeal sent straight to the arbitration committee.
    acknowledged_3_13_3 = forms.BooleanField(
        label=_("I understand that the arbitration committee cannot overturn a penalty given under the rules "
                "(rule 3.13.3)."),
        required=False,
    )
    statement = forms.CharField(label=_("Statement"), widget=forms.Textarea(attrs={"rows": 5}), max_length=4000)

    def __init__(self, *args, appellants, sheets, penalties, on_paper=False, **kwargs):
        super().__init__(*args, **kwargs)
        if on_paper:
            # 3.12.2: the 30 minutes count to when the paper was handed in, not to when it is typed in.
            self.fields["handed_in_at"] = forms.TimeField(
                label=_("Handed in at (today, HH:MM)"), required=False,
                help_text=_("Leave empty if it was handed in just now."),
                widget=forms.TimeInput(attrs={"type": "time"}),
            )
        self.fields["appellant"].choices = [(r.pk, f"{r.entry_number} {r.player.name}") for r in appellants]
        self.fields["sheet"].choices = sheets
        self.fields["penalty"].choices = [("", "—")] + penalties

    def handed_in_at(self):
        """The paper's time today, in the tournament's time zone, or None."""
        time = self.cleaned_data.get("handed_in_at")
        if time is None:
            return None
        return timezone.make_aware(dt.datetime.combine(timezone.localdate(), time))


class DecisionForm(CorrectedHandForm):
    """The decision, and for an upheld hand or sheet appeal the corrected hand (all its fields)."""

    outcome = forms.ChoiceField(
        label=_("Decision"), choices=[("upheld", _("Uphold")), ("rejected", _("Reject"))], widget=forms.RadioSelect
    )
    reasons = forms.CharField(label=_("Reasons"), widget=forms.Textarea(attrs={"rows": 3}), max_length=4000)
    hand_number = forms.IntegerField(label=_("Hand to correct"), min_value=1, max_value=MAX_HANDS, required=False)
    field_order = ["outcome", "reasons", "hand_number"]

    def __init__(self, *args, confirm_only: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if confirm_only:  # 3.13.3: the arbitration committee confirms the chief referee's sanction
            self.fields["outcome"].choices = [("rejected", _("Confirm the sanction (reject the appeal)"))]
            self.fields["outcome"].initial = "rejected"
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


class RankCancellationAppealForm(forms.Form):
    """3.12.1: an appeal against a 3.11.5 rank cancellation; its route as any rules appeal (3.13.1, 3.12.4)."""

    route = forms.ChoiceField(
        label=_("Route"),
        choices=[
            ("usual", _("The chief referee first (rule 3.13.1)")),
            ("direct", _("Straight to the arbitration committee (rule 3.12.4)")),
        ],
        widget=forms.RadioSelect, initial="usual",
    )
    acknowledged_3_13_3 = AppealForm.base_fields["acknowledged_3_13_3"]
    statement = AppealForm.base_fields["statement"]


class EscalateForm(forms.Form):
    statement = forms.CharField(label=_("To the arbitration committee"), widget=forms.Textarea(attrs={"rows": 3}),
                                max_length=4000)
    # 3.13.3: asked before a penalty appeal goes to the arbitration committee.
    acknowledged_3_13_3 = forms.BooleanField(
        label=_("I understand that the arbitration committee cannot overturn a penalty given under the rules "
                "(rule 3.13.3)."),
        required=False,
    )


class AppealPolicyForm(forms.Form):
    window_minutes = forms.IntegerField(
        label=_("Minutes to appeal after a session (3.12.2)"), min_value=1, max_value=600,
        help_text=_("The rule gives 30 minutes from the recorded end of the session; another value departs from "
                    "rule 3.12.2."),
    )
    # 3.12.2: US$200 or the equivalent in the currency the organizing committee names; more than 0
    # (checked by the service, which says why).
    fee_amount = forms.DecimalField(
        label=_("Appeal fee (3.12.2)"), max_digits=10, decimal_places=2,
        help_text=_("The rule asks for US$200 or its equivalent in the currency the organizing committee names; "
                    "another amount departs from rule 3.12.2."),
    )
    fee_currency = forms.RegexField(
        label=_("Currency (ISO 4217 code)"), regex=r"^[A-Za-z]{3}$", max_length=3,
        error_messages={"invalid": NOT_A_CURRENCY},
    )
    other_appeals_body = forms.ChoiceField(
        label=_("Other appeals go to (3.13.2)"), choices=AppealPolicy.OtherAppealsBody.choices
    )

    def clean_fee_amount(self):
        amount = self.cleaned_data["fee_amount"]
        if amount <= 0:
            raise forms.ValidationError(FEE_NOT_POSITIVE)
        return amount

    def clean_fee_currency(self):
        code = self.cleaned_data["fee_currency"].upper()
        if not is_currency(code):
            raise forms.ValidationError(NOT_A_CURRENCY)
        return code
