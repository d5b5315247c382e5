"""The public hand calculator page: the tile picker and the context controls, results by htmx."""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import fan_definitions
from scoring.calculator import CalculatorError, hand_calculate, hand_waits
from scoring.engine import ELEMENTARY, get_rule_set
from scoring.engine.fans import EXCLUSIONS, FAN_BY_NUMBER, FANS, IMPLIED_EXCLUSIONS, STATED_EXCLUSIONS
from scoring.forms import WIND_CHOICES, CalculatorForm
from scoring.messages import fan_display_name


def calculator(request):
    return render(request, "scoring/calculator.html", {"form": CalculatorForm(), "result": None})


@require_POST
def calculator_result(request):
    """The result panel for the form as it stands (htmx); the whole page without htmx."""
    form = CalculatorForm(request.POST)
    context = {"form": form, "result": None, "error": None, "waits": None}
    if form.is_valid():
        arguments = form.calculator_arguments()
        try:
            if "+" in arguments["hand"]:
                context["result"] = hand_calculate(**arguments)
            elif arguments["hand"]:
                # no winning tile yet: show what the 13 tiles wait for
                context["waits"] = hand_waits(hand=arguments["hand"], rule_set=arguments["rule_set"])
        except CalculatorError as error:
            context["error"] = error
        if context["result"] and context["result"].fans:
            context["not_counted"] = not_counted(context["result"].fans, arguments["rule_set"])
        if context["result"] and context["result"].payments:
            winner, discarder = arguments["winner"], arguments["discarder"]
            context["payments"] = [
                {"wind": label, "change": change, "winner": seat == winner, "discarder": seat == discarder}
                for seat, ((_code, label), change) in enumerate(zip(WIND_CHOICES, context["result"].payments))
            ]
    template = "scoring/_calculator_result.html" if request.htmx else "scoring/calculator.html"
    return render(request, template, context)


def not_counted(fan_lines, rule_set: str = "full") -> list[dict]:
    """3.9.1.6 (不重复原则): for each counted fan, the fans it implies or excludes, which are not counted again.

    Only the fans a reader might have expected are listed: those not counted elsewhere in the hand.
    """
    language = get_language() or "en"
    counted = {line.number for line in fan_lines}
    exclusions = get_rule_set(rule_set).exclusions
    notes = []
    for line in fan_lines:
        implied = sorted(exclusions.get(line.number, frozenset()) - counted)
        if implied:
            notes.append({
                "number": line.number,
                "name": line.name,
                "fans": [{"number": n, "name": fan_display_name(FAN_BY_NUMBER[n], language)} for n in implied],
            })
    return notes


def _source() -> str:
    # The data file names it in full (scoring/fan_definitions.json "source"); the page in the reader's words.
    return _("Mahjong Competition Rules (麻将竞赛规则), rule 3.8.1: the table of fan definitions (番种定义分值表).")


def fan_list(request):
    """The 81 fans (3.8.1) with their points, their definitions and what each one does not count again
    (3.9.1.6); each links to its own page."""
    language = get_language() or "en"
    key = fan_definitions.language_key(language)
    fans = [
        {
            "fan": fan,
            "name": fan_display_name(fan, language),
            "definition": fan_definitions.definition(fan.number)[key],
            "excludes": [
                {"number": n, "name": fan_display_name(FAN_BY_NUMBER[n], language)}
                for n in sorted(EXCLUSIONS.get(fan.number, frozenset()))
            ],
            "elementary": fan.number in ELEMENTARY.fans,
        }
        for fan in FANS
    ]
    return render(request, "scoring/fans.html", {"fans": fans, "source": _source()})


def fan_detail(request, number: int):
    """One fan: its definition from the rulebook (3.8.1) in the reader's language, and the Chinese text,
    which governs; its points; the fans it is not counted with as Appendix 1 states them; the fans it
    always contains (not counted again, 3.9.1.6 不重复原则); and the fans that contain it."""
    if number not in FAN_BY_NUMBER:
        raise Http404("No such fan.")
    language = get_language() or "en"
    key = fan_definitions.language_key(language)
    fan = FAN_BY_NUMBER[number]
    text = fan_definitions.definition(number)

    def named(numbers):
        return [{"number": n, "name": fan_display_name(FAN_BY_NUMBER[n], language)} for n in sorted(numbers)]

    return render(request, "scoring/fan_detail.html", {
        "fan": fan,
        "name": fan_display_name(fan, language),
        "definition": text[key],
        "chinese": text["zh"] if key != "zh" else "",
        "note": text.get("notes", {}).get(key, ""),
        "corrections": [c for c in fan_definitions.corrections() if c["number"] == number and c["language"] == key],
        "stated": named(STATED_EXCLUSIONS.get(number, frozenset())),
        "implied": named(IMPLIED_EXCLUSIONS.get(number, frozenset()) - STATED_EXCLUSIONS.get(number, frozenset())),
        "included_in": named(n for n, excluded in EXCLUSIONS.items() if number in excluded),
        "previous": FAN_BY_NUMBER.get(number - 1),
        "next": FAN_BY_NUMBER.get(number + 1),
        "source": _source(),
    })
