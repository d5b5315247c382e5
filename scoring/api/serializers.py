from rest_framework import serializers

from scoring.calculator import PROFILES, WINDS
from scoring.rule_sets import RuleSet


class StrictBooleanField(serializers.BooleanField):
    """JSON true or false only, as the OpenAPI schema says `boolean`: DRF's BooleanField also takes 0, 1,
    "yes" and "on" (for HTML forms), which a client reading the schema must not rely on (issue 16)."""

    def to_internal_value(self, data):
        if data is True or data is False:
            return data
        self.fail("invalid", input=data)


class EvaluateInput(serializers.Serializer):
    hand = serializers.CharField(
        allow_blank=True,
        trim_whitespace=False,
        help_text="Notation: [..] exposed melds, {....} concealed kongs, the standing tiles, '+' and the winning "
        "tile, e.g. '[123m]456p789s11pEE+E'. Suits m, p, s with digits 1-9; honors E S W N C F P.",
    )
    self_drawn = StrictBooleanField(default=False)
    seat_wind = serializers.ChoiceField(choices=WINDS, default="E")
    prevalent_wind = serializers.ChoiceField(choices=WINDS, default="E")
    flowers = serializers.IntegerField(min_value=0, max_value=8, default=0)
    last_of_kind = StrictBooleanField(default=False)
    last_wall_tile = StrictBooleanField(default=False)
    kong_replacement = StrictBooleanField(default=False)
    robbing_kong = StrictBooleanField(default=False)
    profile = serializers.ChoiceField(choices=PROFILES, default="green_book")
    rule_set = serializers.ChoiceField(
        choices=RuleSet.choices, default="full",
        help_text="'full' (81 fans, minimum 8, base 8) or 'elementary' (the WMO elementary competition rules, 2014: "
        "30 fans, minimum 6, no base).",
    )
    winner = serializers.IntegerField(
        min_value=0, max_value=3, required=False, allow_null=True, default=None,
        help_text="Position 0-3 of the winner; with it the answer holds the payments (3.9.1.3).",
    )
    discarder = serializers.IntegerField(
        min_value=0, max_value=3, required=False, allow_null=True, default=None,
        help_text="Position 0-3 of the discarder; null for a self-drawn win.",
    )


class FanOutput(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField(help_text="In the request's language (Accept-Language).")
    points = serializers.IntegerField(help_text="The fan's points times its count.")
    count = serializers.IntegerField()
    sets = serializers.ListField(
        child=serializers.CharField(), help_text="The sets or tiles that make the fan, in notation."
    )


REASONS = ["not_complete", "below_minimum", "shape_not_in_rule_set"]


class NamedPoints(serializers.Serializer):
    name = serializers.CharField()
    points = serializers.IntegerField()


class OtherRuleSetOutput(serializers.Serializer):
    rule_set = serializers.ChoiceField(choices=RuleSet.choices)
    fan_points = serializers.IntegerField()
    minimum = serializers.IntegerField()
    is_winning = serializers.BooleanField()
    reason = serializers.ChoiceField(choices=REASONS, allow_null=True)
    reason_message = serializers.CharField(allow_blank=True)
    missing = NamedPoints(many=True, help_text="Fans counted under the chosen rule set that the other one lacks.")
    added = NamedPoints(many=True, help_text="Fans the other rule set counts that the chosen one does not.")


class EvaluateOutput(serializers.Serializer):
    fans = FanOutput(many=True)
    fan_points = serializers.IntegerField(help_text="Without flowers; a win needs the minimum (8; elementary 6).")
    total = serializers.IntegerField(help_text="Fan points plus flowers.")
    is_winning = serializers.BooleanField()
    reason = serializers.ChoiceField(choices=REASONS, allow_null=True)
    reason_message = serializers.CharField(allow_blank=True)
    shape = serializers.CharField(allow_null=True)
    profile = serializers.ChoiceField(choices=PROFILES)
    rule_set = serializers.ChoiceField(choices=RuleSet.choices)
    minimum = serializers.IntegerField(help_text="Points a win needs under the rule set, flowers not counted.")
    other = OtherRuleSetOutput(help_text="The same hand under the other rule set.")
    payments = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="Score changes of positions 0-3, summing to zero; null without a winner or a legal win.",
    )


class WaitsInput(serializers.Serializer):
    hand = serializers.CharField(
        allow_blank=True, trim_whitespace=False, help_text="The 13 tiles before the win, in notation, without '+'."
    )
    rule_set = serializers.ChoiceField(choices=RuleSet.choices, default="full")


class WaitsOutput(serializers.Serializer):
    waits = serializers.ListField(child=serializers.CharField(), help_text="Tiles that complete the hand.")

