"""Hand entry forms: the chief referee's correction (the appeal remedy builds on it)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.engine.table import MAX_HANDS
from tournaments.models.sessions import SEAT_CHOICES
from tournaments.sheets.entry import WIN_FLAGS, HandEntry

SEAT_CHOICE_BLANK = [("", "—")] + list(SEAT_CHOICES)


class CorrectedHandForm(forms.Form):
    """A hand as corrected by the chief referee or an appeal: every field a hand has, so nothing
    recorded is lost (the flags, the flowers, declared fans when the tiles were not recorded).
    The tiles come from the tile picker (a hidden "tiles" input)."""

    result = forms.ChoiceField(label=_("Result"), choices=[("win", _("Win")), ("draw", _("Draw"))])
    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int, required=False, empty_value=None,
                                    choices=SEAT_CHOICE_BLANK)
    discarder = forms.TypedChoiceField(
        label=_("Discarded by (empty if self-drawn)"), coerce=int, required=False, empty_value=None,
        choices=SEAT_CHOICE_BLANK,
    )
    flowers = forms.IntegerField(label=_("Flowers"), min_value=0, max_value=8, initial=0, required=False)
    last_of_kind = forms.BooleanField(label=_("Last of its kind"), required=False)
    last_wall_tile = forms.BooleanField(label=_("Last tile of the wall"), required=False)
    kong_replacement = forms.BooleanField(label=_("Replacement after a kong"), required=False)
    robbing_kong = forms.BooleanField(label=_("Robbing a kong"), required=False)
    declared_fans = forms.CharField(
        label=_("Declared fans (declared scoring, or when the tiles were not recorded)"), required=False,
        help_text=_("Fan numbers separated by commas, e.g. 49, 73, 76."),
    )

    def clean_declared_fans(self) -> list[int]:
        text = self.cleaned_data["declared_fans"].replace("，", ",")
        try:
            return [int(item) for item in text.split(",") if item.strip()]
        except ValueError:
            raise forms.ValidationError(_("Write fan numbers separated by commas.")) from None

    def hand_entry(self, tiles: str) -> HandEntry:
        """The corrected hand, as the score sheet services take it."""
        data = self.cleaned_data
        if data["result"] != "win":
            return HandEntry(result=data["result"])
        return HandEntry(
            result="win", winner=data["winner"], discarder=data["discarder"], tiles=tiles,
            declared_fans=data["declared_fans"], flowers=data["flowers"] or 0,
            **{flag: data[flag] for flag in WIN_FLAGS},
        )


class HandCorrectionForm(CorrectedHandForm):
    """The chief referee corrects a recorded hand (on a signed sheet too); the reason is audited.

    A signed sheet changes only on a basis (3.9.1.4, 3.11.6.11(7)): an upheld appeal, by its number,
    or an objection recorded at the table before signing, by its number; the service checks it."""

    number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=MAX_HANDS)
    reason = forms.CharField(label=_("Reason"), max_length=500)
    basis = forms.ChoiceField(
        label=_("Basis (a signed sheet only)"), required=False,
        choices=[("", "—"), ("appeal", _("Upheld appeal")), ("objection", _("Objection made before signing"))],
    )
    reference = forms.CharField(label=_("Appeal number, or the objection's number"), max_length=32, required=False)
    version = forms.IntegerField(widget=forms.HiddenInput)
    field_order = ["number"]

    def __init__(self, *args, seats: list, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(seat["seat"], f"{seat['starting_wind']}: {seat['registration'].entry_number} "
                                                f"{seat['registration'].player.name}") for seat in seats]
        self.fields["winner"].choices = choices
        self.fields["discarder"].choices = choices


class SheetRemarksForm(forms.Form):
    """Appendix 5, 备注: the service checks the length (SHEET_REMARKS_MAX_LENGTH) and says what to fix."""

    remarks = forms.CharField(label=_("Remarks"), required=False, strip=False, widget=forms.Textarea(attrs={"rows": 2}))
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class ObjectionForm(forms.Form):
    """3.9.1.4 如有异议: an objection made at the table on a recorded hand, recorded before signing."""

    hand_number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=MAX_HANDS)
    text = forms.CharField(label=_("What is disputed"), max_length=300)
    seat = forms.TypedChoiceField(label=_("Who objects"), required=False, coerce=int, empty_value=None)
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args, seats: list, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [("", "—")] + [
            (seat["seat"], f"{seat['starting_wind']}: {seat['registration'].entry_number} "
                           f"{seat['registration'].player.name}") for seat in seats]
