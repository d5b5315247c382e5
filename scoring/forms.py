from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.calculator import FLAGS
from scoring.rule_sets import Reading, RuleSet

WIND_CHOICES = [("E", _("East")), ("S", _("South")), ("W", _("West")), ("N", _("North"))]
WIN_CHOICES = [("discard", _("On a discard")), ("self_drawn", _("Self-drawn"))]


class CalculatorForm(forms.Form):
    """The calculator's context controls; the hand comes from the tile picker's hidden input."""

    tiles = forms.CharField(required=False, widget=forms.HiddenInput, strip=True)
    win = forms.ChoiceField(label=_("Won"), choices=WIN_CHOICES, initial="discard", widget=forms.RadioSelect)
    seat_wind = forms.ChoiceField(label=_("Seat wind"), choices=WIND_CHOICES, initial="E")
    prevalent_wind = forms.ChoiceField(label=_("Prevalent wind"), choices=WIND_CHOICES, initial="E")
    discarder = forms.ChoiceField(label=_("Discarded by"), choices=WIND_CHOICES, initial="S")
    flowers = forms.TypedChoiceField(
        label=_("Flowers"), choices=[(n, n) for n in range(9)], coerce=int, initial=0
    )
    last_of_kind = forms.BooleanField(label=_("Last of its kind"), required=False)
    last_wall_tile = forms.BooleanField(label=_("Last tile of the wall"), required=False)
    kong_replacement = forms.BooleanField(label=_("Kong replacement tile"), required=False)
    robbing_kong = forms.BooleanField(label=_("Robbing a kong"), required=False)
    rule_set = forms.ChoiceField(label=_("Rule set"), choices=RuleSet.choices, initial=RuleSet.FULL, required=False,
                                 widget=forms.RadioSelect)
    profile = forms.ChoiceField(label=_("Reading"), choices=Reading.choices, initial=Reading.GREEN_BOOK)

    def clean_rule_set(self) -> str:
        # left out (an older page or a bookmarked form): the full rules
        return self.cleaned_data.get("rule_set") or RuleSet.FULL

    def flag_fields(self) -> list:
        return [self[name] for name in FLAGS]

    def calculator_arguments(self) -> dict:
        """Keyword arguments for scoring.calculator.hand_calculate; seats are numbered by seat wind."""
        data = self.cleaned_data
        winds = [code for code, _label in WIND_CHOICES]
        self_drawn = data["win"] == "self_drawn"
        return {
            "hand": data["tiles"],
            "self_drawn": self_drawn,
            "seat_wind": data["seat_wind"],
            "prevalent_wind": data["prevalent_wind"],
            "flowers": data["flowers"],
            "last_of_kind": data["last_of_kind"],
            "last_wall_tile": data["last_wall_tile"],
            "kong_replacement": data["kong_replacement"],
            "robbing_kong": data["robbing_kong"],
            "profile": data["profile"],
            "rule_set": data["rule_set"],
            "winner": winds.index(data["seat_wind"]),
            "discarder": None if self_drawn else winds.index(data["discarder"]),
        }
