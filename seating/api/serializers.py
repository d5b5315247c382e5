"""Explicit output serializers of the seating API; players are named by entry number."""

from rest_framework import serializers

from tournaments.models import Session


class SeatOutput(serializers.Serializer):
    seat = serializers.IntegerField(help_text="Starting seat: 0 East, 1 South, 2 West, 3 North.")
    entry = serializers.IntegerField()
    name = serializers.CharField()
    name_local = serializers.CharField()
    team = serializers.CharField(allow_null=True)


class ChartTableOutput(serializers.Serializer):
    number = serializers.IntegerField()
    seats = SeatOutput(many=True)


class ChartSessionOutput(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Session.Status.choices)
    locked = serializers.BooleanField(help_text="The session has started: its seats cannot change.")
    tables = ChartTableOutput(many=True)


class ChartMetricsOutput(serializers.Serializer):
    players = serializers.IntegerField()
    sessions = serializers.IntegerField()
    repeated_pairs = serializers.IntegerField(help_text="Pairs that share a table more than once.")
    max_meetings = serializers.IntegerField(help_text="Most times one pair shares a table.")
    same_team_pairs = serializers.IntegerField(help_text="(session, pair) seatings of two teammates at one table.")
    same_country_pairs = serializers.IntegerField(help_text="(session, pair) seatings of two compatriots.")
    seat_spread = serializers.IntegerField(help_text="Largest spread of a wind's starting count over players.")
    seats_balanced = serializers.BooleanField()
    worst_pair = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="Entries of a pair that meets most often, if twice or more.",
    )


class ChartOutput(serializers.Serializer):
    tournament = serializers.IntegerField()
    sessions = ChartSessionOutput(many=True)
    metrics = ChartMetricsOutput(allow_null=True)


class ScheduleSessionOutput(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Session.Status.choices)
    table = serializers.IntegerField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True, help_text="Starting seat: 0 East, 1 South, 2 West, 3 North.")
    players = serializers.ListField(child=serializers.IntegerField(), help_text="Entries at the table, E S W N.")
    rounds = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Appendix 4: entries sitting East, South, West, North in rounds 1-4.",
    )


class ScheduleOutput(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()
    name_local = serializers.CharField()
    team = serializers.CharField(allow_null=True)
    now = serializers.IntegerField(allow_null=True, help_text="The running session, else the next planned one.")
    sessions = ScheduleSessionOutput(many=True)
