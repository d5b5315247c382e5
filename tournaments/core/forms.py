"""Forms for tournaments and registrations: they check shape; the services check the rules."""

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.core.audit_display import action_choices
from tournaments.countries import iso_choices
from tournaments.errors import whole_number
from tournaments.models import Group, Team, Tournament
from tournaments.models.core import Tiebreak, time_zone_names


class DateInput(forms.DateInput):
    """A browser's date picker: its value is always ISO 8601 (YYYY-MM-DD), whatever the page's language
    (Chinese and Japanese formats render 2026/11/29, which a date input shows as empty)."""

    input_type = "date"

    def __init__(self, attrs=None, format="%Y-%m-%d"):
        super().__init__(attrs, format)


def _time_zone_choices():
    return [(name, name) for name in time_zone_names()]


class TournamentForm(forms.ModelForm):
    # The IANA zones this server knows; the venue's one shows and reads the tournament's times.
    time_zone = forms.ChoiceField(
        label=_("Time zone"), choices=_time_zone_choices, required=False,
        help_text=_("The venue's time zone: session start times are shown and entered in it."),
    )

    class Meta:
        model = Tournament
        fields = [
            "name", "venue", "country", "starts_on", "ends_on", "rule_set", "rules", "scoring_mode",
            "planned_sessions", "session_minutes", "time_zone",
        ]
        widgets = {"starts_on": DateInput(), "ends_on": DateInput()}
        # A tournament's name is 名称 in Chinese, not a person's 姓名: a msgid of its own.
        labels = {"name": pgettext_lazy("a tournament's", "name")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A code chosen from the list, never a typed word (the Pin register reads it).
        self.fields["country"].widget = forms.Select(choices=[("", "—"), *iso_choices()])
        # Left out of a form: electronic scoring, as before (docs/scoring-modes.md), or the mode it has.
        self.fields["scoring_mode"].required = False
        # Left out of a form: the full rules, as before rule sets existed, or the rule set it has.
        self.fields["rule_set"].required = False
        self.fields["rule_set"].help_text = _(
            "The WMO elementary competition rules (2014) score 30 of the 81 fans, need 6 points to win and have no "
            "base points. Fixed once a hand is scored."
        )
        self.fields["rules"].help_text = _(
            "How the rulebook is read where its texts disagree (scoring/READINGS.md). Fixed once a hand is scored."
        )

    def clean_rule_set(self) -> str:
        return self.cleaned_data.get("rule_set") or self.instance.rule_set

    def clean_scoring_mode(self) -> str:
        return self.cleaned_data.get("scoring_mode") or self.instance.scoring_mode

    def clean_time_zone(self) -> str:
        # Left out of a form: the zone it has (a new tournament: the server's TIME_ZONE).
        return self.cleaned_data.get("time_zone") or self.instance.time_zone

    def clean(self):
        # Said on the last day's field, before the model's constraint (tournament_dates_ordered)
        # would answer with its untranslated name; the service checks the same.
        cleaned = super().clean()
        starts_on, ends_on = cleaned.get("starts_on"), cleaned.get("ends_on")
        if starts_on and ends_on and ends_on < starts_on:
            self.add_error("ends_on", _("The last day cannot be before the first day."))
        return cleaned


class TournamentEditForm(TournamentForm):
    # 3.10.1 ranks by total table points, then total contest points, and players equal on both share
    # the rank; anything further is the organizer's regulation, in the order given.
    tiebreaks = forms.CharField(
        label=_("tie-breaks"),
        required=False,
        help_text=_(
            "Empty by the rules (3.10.1: players equal on table points and contest points share the rank). "
            "Your regulation's tie-breaks, in order, separated by commas, from: firsts, seconds, thirds, "
            "best_session; the standings and results sheet name them."
        ),
    )

    class Meta(TournamentForm.Meta):
        fields = TournamentForm.Meta.fields + ["status", "deductions_count_for_ranking", "tiebreaks", "final_ranking",
                                               "team_reserves"]

    def __init__(self, *args, status_choices: list[str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial["tiebreaks"] = ", ".join(self.instance.tiebreaks or [])
        self.fields["team_reserves"].required = False  # left out of a post: unchanged
        if status_choices is not None:
            # Issue 13: only the statuses the day allows (Running comes from starting session 1).
            self.fields["status"].choices = [
                (value, label) for value, label in self.fields["status"].choices if value in status_choices
            ]
            self.fields["status"].help_text = _(
                "Draft → Published → Running → Finished: starting session 1 publishes and runs the tournament; "
                "it finishes once the last session's results are final."
            )

    def clean_team_reserves(self) -> int:
        value = self.cleaned_data.get("team_reserves")
        return self.instance.team_reserves if value is None else value

    def clean_tiebreaks(self) -> list[str]:
        chosen = [item.strip() for item in self.cleaned_data["tiebreaks"].split(",") if item.strip()]
        unknown = [item for item in chosen if item not in Tiebreak.values]
        if unknown or len(set(chosen)) != len(chosen):
            raise forms.ValidationError(
                _("Use each of firsts, seconds, thirds, best_session at most once, separated by commas.")
            )
        return chosen


class RegistrationForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=200)
    name_local = forms.CharField(label=_("name in own script"), max_length=200, required=False)
    country = forms.CharField(label=_("country or region"), max_length=64, required=False)
    federation_id = forms.CharField(label=_("federation ID"), max_length=64, required=False)
    contact = forms.CharField(label=_("contact"), max_length=200, required=False)
    team = forms.ModelChoiceField(label=_("team"), queryset=Team.objects.none(), required=False)
    # 3.5.3 团体: a delegation or a club, ranked beside the teams.
    group = forms.ModelChoiceField(label=_("group"), queryset=Group.objects.none(), required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = tournament.teams.all()
        self.fields["group"].queryset = tournament.groups.all()
        for field in self.fields.values():  # the model's lower-case names, as labels: "Name", not "name"
            field.label = capfirst(field.label)


class AuditFilterForm(forms.Form):
    """The audit page's filter: one action of the catalogue, one person (by username), or all."""

    action = forms.ChoiceField(label=_("Action"), required=False)
    actor = forms.ChoiceField(label=_("Who"), required=False)

    def __init__(self, *args, actors: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["action"].choices = [("", _("All actions")), *action_choices()]
        self.fields["actor"].choices = [("", _("Everyone")), *((username, username) for username in actors)]


class GroupForm(forms.Form):
    """A group's name (团体, 3.5.3: a delegation or a club)."""

    name = forms.CharField(label=_("Group name"), max_length=200)


class GroupMembersForm(forms.Form):
    entries = forms.CharField(
        label=_("entry numbers"), max_length=2000, help_text=_("Separated by commas or spaces, e.g. 1, 5, 9")
    )

    def clean_entries(self) -> list[int]:
        parts = self.cleaned_data["entries"].replace(",", " ").split()
        if not parts or any(whole_number(part, max_digits=9) is None for part in parts):
            raise forms.ValidationError(_("Give entry numbers, separated by commas or spaces."))
        return [int(part) for part in parts]
