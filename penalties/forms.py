from django import forms
from django.utils.translation import gettext_lazy as _

from penalties.catalogue import MAX_LATE_SECONDS, REFEREE_AMOUNTS
from penalties.models import Penalty, PenaltyPolicy
from penalties.selectors import foul_choices
from scoring.engine.table import MAX_HANDS


class PenaltyForm(forms.Form):
    foul = forms.ChoiceField(label=_("Foul"))
    offender = forms.TypedChoiceField(label=_("Offender"), coerce=int)
    hand_number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=MAX_HANDS, required=False)
    points = forms.TypedChoiceField(
        label=_("Points (when the referee chooses)"),
        coerce=int,
        required=False,
        empty_value=None,
        choices=[("", "—")] + [(n, n) for n in REFEREE_AMOUNTS],
    )
    victim = forms.TypedChoiceField(
        label=_("Player whose tiles were exposed"), coerce=int, required=False, empty_value=None
    )
    # 3.11.2.1: from 15:01 the session is forfeited; a day bounds what a sheet can mean.
    late_minutes = forms.IntegerField(
        label=_("Minutes late"), min_value=0, max_value=MAX_LATE_SECONDS // 60, required=False
    )
    late_seconds = forms.IntegerField(label=_("and seconds"), min_value=0, max_value=59, required=False)
    note = forms.CharField(label=_("Note"), max_length=300, required=False)

    def __init__(self, *args, players: list, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["foul"].choices = foul_choices()
        seats = [
            (registration.pk, f"{registration.entry_number} {registration.player.name}") for registration in players
        ]
        self.fields["offender"].choices = seats
        self.fields["victim"].choices = [("", "—")] + seats

    def clean(self):
        """The lateness as the service takes it, in seconds (`lateness`): None when not given."""
        cleaned = super().clean()
        minutes, seconds = cleaned.get("late_minutes"), cleaned.get("late_seconds")
        if minutes is None and seconds is None:
            cleaned["lateness"] = None
        else:
            cleaned["lateness"] = (minutes or 0) * 60 + (seconds or 0)
        return cleaned


class FalseWinForm(forms.Form):
    offender = forms.TypedChoiceField(label=_("Player who called the win"), coerce=int)
    hand_number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=MAX_HANDS)
    self_drawn = forms.BooleanField(label=_("On a tile from the wall"), required=False)

    def __init__(self, *args, players: list, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["offender"].choices = [(r.pk, f"{r.entry_number} {r.player.name}") for r in players]


class CancelForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300)


class PenaltyPolicyForm(forms.Form):
    escalation = forms.ChoiceField(
        label=_("Escalating fouls after 20 (3.11.6.3–5)"), choices=PenaltyPolicy.Escalation.choices
    )


class ForfeitPointsForm(forms.Form):
    """3.11.2.1: a forfeited session scores 0 table points unless the organizer decides otherwise."""

    table_points = forms.TypedChoiceField(
        label=_("Table points for the forfeited session"),
        coerce=int,
        choices=[(0, "0"), (12, "1"), (24, "2"), (36, "3"), (48, "4")],
    )


class ArrangementForm(forms.Form):
    """3.11.4: the organizer decides what happens to a disqualified player's later sessions."""

    arrangement = forms.ChoiceField(label=_("Later sessions"), choices=Penalty.Arrangement.choices)
    substitute = forms.TypedChoiceField(label=_("Substitute"), coerce=int, required=False, empty_value=None)

    def __init__(self, *args, candidates, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["substitute"].choices = [("", "—")] + [
            (registration.pk, f"{registration.entry_number} {registration.player.name}") for registration in candidates
        ]
