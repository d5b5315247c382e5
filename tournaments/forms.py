from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.models import ImportJob, Team, Tournament
from tournaments.models.core import Tiebreak
from tournaments.models.sheets import SEAT_CHOICES

MAX_UPLOAD_BYTES = 2 * 1024 * 1024


def add_service_errors(form, error: ValidationError) -> None:
    """Show a service's ValidationError on the form: on its fields where it names them."""
    if hasattr(error, "error_dict"):
        for field, field_errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, field_errors)
    else:
        form.add_error(None, error)


class DateInput(forms.DateInput):
    input_type = "date"


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["name", "venue", "starts_on", "ends_on", "rules", "planned_sessions", "session_minutes"]
        widgets = {"starts_on": DateInput(), "ends_on": DateInput()}

    def clean(self):
        # Said on the last day's field, before the model's constraint (tournament_dates_ordered)
        # would answer with its untranslated name; the service checks the same.
        cleaned = super().clean()
        starts_on, ends_on = cleaned.get("starts_on"), cleaned.get("ends_on")
        if starts_on and ends_on and ends_on < starts_on:
            self.add_error("ends_on", _("The last day cannot be before the first day."))
        return cleaned


class TournamentEditForm(TournamentForm):
    # After total table points and total contest points (3.10.1), in the order given.
    tiebreaks = forms.CharField(
        label=_("tie-breaks"),
        required=False,
        help_text=_("In order, separated by commas, from: firsts, seconds, thirds, best_session."),
    )

    class Meta(TournamentForm.Meta):
        fields = TournamentForm.Meta.fields + ["status", "deductions_count_for_ranking", "tiebreaks"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial["tiebreaks"] = ", ".join(self.instance.tiebreaks or [])

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

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = tournament.teams.all()


class ImportForm(forms.Form):
    kind = forms.ChoiceField(label=_("What the file holds"), choices=ImportJob.Kind.choices)
    file = forms.FileField(label=_("CSV or XLSX file"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if not upload.name.lower().endswith((".csv", ".xlsx")):
            raise forms.ValidationError(_("Upload a .csv or .xlsx file."))
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        return upload


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
        label=_("Declared fans, when the tiles were not recorded"), required=False,
        help_text=_("Fan numbers separated by commas, e.g. 49, 73, 76."),
    )

    def clean_declared_fans(self) -> list[int]:
        text = self.cleaned_data["declared_fans"].replace("，", ",")
        try:
            return [int(item) for item in text.split(",") if item.strip()]
        except ValueError:
            raise forms.ValidationError(_("Write fan numbers separated by commas.")) from None

    def hand_entry(self, tiles: str) -> dict:
        """The corrected hand, in the form the score sheet services take."""
        data = self.cleaned_data
        if data["result"] != "win":
            return {"result": data["result"]}
        return {
            "result": "win", "winner": data["winner"], "discarder": data["discarder"], "tiles": tiles,
            "declared_fans": data["declared_fans"], "flowers": data["flowers"] or 0,
            **{flag: data[flag] for flag in ("last_of_kind", "last_wall_tile", "kong_replacement", "robbing_kong")},
        }


class HandCorrectionForm(CorrectedHandForm):
    """The chief referee corrects a recorded hand (on a signed sheet too); the reason is audited."""

    number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=16)
    reason = forms.CharField(label=_("Reason"), max_length=500)
    version = forms.IntegerField(widget=forms.HiddenInput)
    field_order = ["number"]

    def __init__(self, *args, seats: list, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(seat["seat"], f"{seat['starting_wind']}: {seat['registration'].entry_number} "
                                                f"{seat['registration'].player.name}") for seat in seats]
        self.fields["winner"].choices = choices
        self.fields["discarder"].choices = choices
