from django import forms
from django.utils.translation import gettext_lazy as _

from seating.services import MAX_SEED


class ChartForm(forms.Form):
    seed = forms.IntegerField(label=_("Seed"), min_value=0, max_value=MAX_SEED, initial=0,
                              help_text=_("The same seed draws the same chart."))
    avoid_country = forms.BooleanField(label=_("Keep compatriots apart as far as possible (3.5.1)"), required=False)
    keep_drawn = forms.BooleanField(
        label=_("Keep the sessions already drawn: draw only those with no seats"), required=False,
        help_text=_("For players who have their schedules: a late player is seated from the first session drawn."),
    )


class SwapForm(forms.Form):
    first = forms.IntegerField(label=_("Entry"), min_value=1)
    second = forms.IntegerField(label=_("with entry"), min_value=1)


class StandingsForm(forms.Form):
    method = forms.ChoiceField(
        label=_("Method"), choices=[("top", _("Top vs top (1–4, 5–8, …)")), ("snake", _("Snake"))]
    )
    seed = forms.IntegerField(label=_("Seed"), min_value=0, max_value=MAX_SEED, initial=0)
    avoid_country = forms.BooleanField(label=_("Keep compatriots apart"), required=False)
