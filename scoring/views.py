"""The public hand calculator page: the tile picker and the context controls, results by htmx."""

from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from scoring.calculator import CalculatorError, hand_calculate, hand_waits
from scoring.engine import ELEMENTARY, get_rule_set
from scoring.engine.fans import EXCLUSIONS, FAN_BY_NUMBER, FANS
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


def fan_list(request):
    """The 81 fans (3.8.1) with their points and what each one does not count again (3.9.1.6); the
    calculator's fans link here."""
    language = get_language() or "en"
    fans = [
        {
            "fan": fan,
            "name": fan_display_name(fan, language),
            "excludes": [
                {"number": n, "name": fan_display_name(FAN_BY_NUMBER[n], language)}
                for n in sorted(EXCLUSIONS.get(fan.number, frozenset()))
            ],
            "elementary": fan.number in ELEMENTARY.fans,
        }
        for fan in FANS
    ]
    return render(request, "scoring/fans.html", {"fans": fans})
