"""The public hand calculator page: the tile picker and the context controls, results by htmx."""

from django.shortcuts import render
from django.views.decorators.http import require_POST

from scoring.calculator import CalculatorError, hand_calculate, hand_waits
from scoring.forms import WIND_CHOICES, CalculatorForm


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
                context["waits"] = hand_waits(hand=arguments["hand"])
        except CalculatorError as error:
            context["error"] = error
        if context["result"] and context["result"].payments:
            winner, discarder = arguments["winner"], arguments["discarder"]
            context["payments"] = [
                {"wind": label, "change": change, "winner": seat == winner, "discarder": seat == discarder}
                for seat, ((_code, label), change) in enumerate(zip(WIND_CHOICES, context["result"].payments))
            ]
    template = "scoring/_calculator_result.html" if request.htmx else "scoring/calculator.html"
    return render(request, template, context)
