from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from penalties.catalogue import MAX_LATE_SECONDS, MAX_POINTS
from penalties.models import PenaltyPolicy
from penalties.selectors import foul_choices
from scoring.engine.table import MAX_HANDS


class PenaltyForm(forms.Form):
    foul = forms.ChoiceField(label=_("Foul"))
    offender = forms.TypedChoiceField(label=_("Offender"), coerce=int)
    hand_number = forms.IntegerField(
        label=pgettext_lazy("hand number", "Hand"), min_value=1, max_value=MAX_HANDS, required=False
    )
    # 3.11.2.2: 5, 10, 20, ... 60; 3.11.6.7(3): any amount 5-60; 3.11.6.9: any amount. The service
    # checks the amount against the foul's own article.
    points = forms.IntegerField(
        label=_("Points (when the referee chooses)"),
        required=False,
        min_value=1,
        max_value=MAX_POINTS,
        help_text=_("Rule violation (3.11.2.2): 5, 10, 20, 30, 40, 50 or 60. Exposing another's tiles "
                    "(3.11.6.7(3)): 5 to 60. Passing information (3.11.6.9): any amount."),
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
    notice = forms.CharField(
        label=_("Public notice (通报)"), max_length=1000, required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Only with a disqualification (停赛, 3.11.4); required for 3.11.6.10. Shown on the "
                    "tournament's public notices page."),
    )

    # 3.11.6.1 cheating (停赛): 3.11.5 取消录取名次 is "对…非法获得利益的选手做出的处罚" -- asked, never assumed.
    illegal_gain = forms.ChoiceField(
        label=_("Did the cheating bring an illegal gain (rule 3.11.5)?"), required=False,
        choices=[("", "—"), ("yes", _("Yes: the rank is cancelled too (3.11.5)")),
                 ("no", _("No: the rank earned so far stands"))],
    )

    def __init__(self, *args, players: list, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["foul"].choices = foul_choices()
        seats = [
            (registration.pk, f"{registration.entry_number} {registration.player.name}") for registration in players
        ]
        self.fields["offender"].choices = seats
        self.fields["victim"].choices = [("", "—")] + seats

    def clean(self):
        """The lateness as the service takes it, in seconds (`lateness`): None when not given; the 3.11.5
        answer as True / False (`illegal_gain_answer`), required with cheating."""
        cleaned = super().clean()
        answer = cleaned.get("illegal_gain") or ""
        if cleaned.get("foul") == "cheating" and not answer:
            self.add_error("illegal_gain", _("Say whether the cheating brought an illegal gain (rule 3.11.5): if it "
                                             "did, the rank is cancelled too; if not, the rank earned so far stands."))
        cleaned["illegal_gain_answer"] = {"yes": True, "no": False}.get(answer)
        minutes, seconds = cleaned.get("late_minutes"), cleaned.get("late_seconds")
        if minutes is None and seconds is None:
            cleaned["lateness"] = None
        else:
            cleaned["lateness"] = (minutes or 0) * 60 + (seconds or 0)
        return cleaned


class FalseWinForm(forms.Form):
    offender = forms.TypedChoiceField(label=_("Player who called the win"), coerce=int)
    hand_number = forms.IntegerField(label=pgettext_lazy("hand number", "Hand"), min_value=1, max_value=MAX_HANDS)
    self_drawn = forms.BooleanField(label=_("On a tile from the wall"), required=False)
    # Declared scoring (3.9.1.4): the fans the winner declared, as numbers ("62, 63, 79"); carried from the
    # tablet's refused hand, or typed. Empty in electronic scoring.
    declared = forms.CharField(label=_("Fans the winner declared (numbers, declared scoring)"), max_length=200,
                               required=False)

    def clean_declared(self) -> list[int]:
        text = self.cleaned_data["declared"].replace("，", ",").replace(" ", ",")
        numbers = [part for part in text.split(",") if part]
        if not all(part.isdigit() and 1 <= int(part) <= 81 for part in numbers):
            raise forms.ValidationError(_("Write the fans' numbers (1 to 81), separated by commas."))
        return [int(part) for part in numbers]

    def __init__(self, *args, players: list, **kwargs):
        # On the fouls page beside PenaltyForm: ids of its own (no second id_offender, id_hand_number).
        kwargs.setdefault("auto_id", "id_false_win_%s")
        super().__init__(*args, **kwargs)
        self.fields["offender"].choices = [(r.pk, f"{r.entry_number} {r.player.name}") for r in players]


class CancelForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300)


class PenaltyPolicyForm(forms.Form):
    escalation = forms.ChoiceField(
        label=_("Escalating fouls after 20 (3.11.6.3–5)"), choices=PenaltyPolicy.Escalation.choices
    )
    disqualification_at_table = forms.ChoiceField(
        label=_("The table of a disqualification (停赛, 3.11.4)"), choices=PenaltyPolicy.AtTable.choices,
        help_text=_("From the foul the player takes no further part. The rules do not say how the table goes on: "
                    "its session ends there, or a substitute sits in from the next hand. Either way the "
                    "disqualified seat takes no place and the three others take 4, 2 and 1 table points by their "
                    "scores. Ended: the seat's score up to the foul counts for the disqualified player. Substitute: "
                    "the seat's session, two players' hands, counts for no one."),
    )


class ArrangementForm(forms.Form):
    """3.11.4, 3.5.2: the organizer seats a substitute in a disqualified player's later sessions."""

    substitute = forms.TypedChoiceField(label=_("Substitute"), coerce=int)

    def __init__(self, *args, candidates, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["substitute"].choices = [
            (registration.pk, f"{registration.entry_number} {registration.player.name}") for registration in candidates
        ]


class RankCancelForm(forms.Form):
    """3.11.5: cancel a player's rank (the name is struck from the results)."""

    registration = forms.TypedChoiceField(label=_("Player"), coerce=int)
    article = forms.CharField(label=_("Article"), max_length=32, initial="3.11.5")
    reason = forms.CharField(label=_("Reason"), max_length=300)
    notice = forms.CharField(
        label=_("Public notice (通报)"), max_length=1000, required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args, players: list, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["registration"].choices = [
            (registration.pk, f"{registration.entry_number} {registration.player.name}") for registration in players
        ]
