"""GET /api/tournaments/<id>/standings/: the latest standings snapshot, with ETag and 304."""

from django.utils.decorators import method_decorator
from django.views.decorators.cache import cache_control
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import condition
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.engine.table import twelfths_number
from tournaments.core import selectors as core_selectors
from tournaments.models.core import FinalRanking
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.results_sheet import ranking_notes


@extend_schema_field(OpenApiTypes.NUMBER)
class TablePointsField(serializers.Field):
    """Table points are stored in twelfths; the API gives them as numbers (10.5, 7.333333)."""

    def to_representation(self, value):
        return twelfths_number(value)


class StandingsSessionOutput(serializers.Serializer):
    session = serializers.IntegerField()
    table = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="Starting seat: 0 East, 1 South, 2 West, 3 North.")
    rank = serializers.IntegerField(help_text="Place at the table, 1-4; tied players share the better place.")
    table_points = TablePointsField()
    session_score = serializers.IntegerField()
    hand_score = serializers.IntegerField()
    transfers = serializers.IntegerField()
    deductions = serializers.IntegerField()


class StandingsIndividualOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    entry = serializers.IntegerField()
    name = serializers.CharField()
    name_local = serializers.CharField()
    country = serializers.CharField()
    team = serializers.CharField(allow_null=True)
    group = serializers.CharField(allow_null=True, default=None, help_text="The player's group (团体, 3.5.3).")
    table_points = TablePointsField()
    contest_points = serializers.IntegerField()
    places = serializers.ListField(child=serializers.IntegerField(), help_text="Firsts, seconds, thirds, fourths.")
    best_session = serializers.IntegerField(allow_null=True)
    sessions = StandingsSessionOutput(many=True)


class StandingsTeamOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    team = serializers.CharField()
    table_points = TablePointsField()
    contest_points = serializers.IntegerField()
    members = serializers.ListField(child=serializers.IntegerField(), help_text="Entry numbers.")


class StandingsGroupOutput(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Groups equal on table points and contest points share the rank.")
    group = serializers.CharField()
    table_points = TablePointsField()
    contest_points = serializers.IntegerField()
    members = serializers.ListField(child=serializers.IntegerField(), help_text="Entry numbers.")


class FinalStageOutput(serializers.Serializer):
    from_session = serializers.IntegerField()
    finalists = serializers.IntegerField()


class StandingsOutput(serializers.Serializer):
    version = serializers.IntegerField(allow_null=True)
    computed_at = serializers.DateTimeField(allow_null=True)
    sessions = serializers.ListField(child=serializers.IntegerField(), help_text="Sessions with signed sheets.")
    individuals = StandingsIndividualOutput(many=True)
    teams = StandingsTeamOutput(many=True)
    groups = StandingsGroupOutput(many=True, default=list, help_text="团体 (3.5.3), ranked as the teams are.")
    tiebreaks = serializers.ListField(
        child=serializers.CharField(), default=list,
        help_text="The organizer's tie-breaks after TP and CP, in order; empty by the rules (3.10.1): equal "
        "players share the rank.",
    )
    final_ranking = serializers.ChoiceField(
        choices=FinalRanking.choices, default=FinalRanking.CUMULATIVE,
        help_text="cumulative, or finalists_first (3.5.4, the organizer's regulation).",
    )
    final_stage = FinalStageOutput(allow_null=True, default=None)
    notes = serializers.ListField(
        child=serializers.CharField(), help_text="How the order was made, in the request's language."
    )


def standings_api_etag(request, tournament_id: int) -> str | None:
    version = standings_selectors.standings_public_version(tournament_id=tournament_id)
    return None if version is None else f"api-standings-{version}"


# Compressed here, once per version, not by nginx once per phone: nginx's cache keeps the gzipped answer (Vary:
# Accept-Encoding) and sends it as it is. After each recompute every phone fetches the new standings once; at a
# world championship (1,200 players, 5,000 phones, bench-crowd-world) nginx compressing each copy itself took the
# CPU the tablets needed. Public data, no secret in it: compressing it gives BREACH nothing.
@method_decorator(gzip_page, name="get")
@method_decorator(cache_control(no_cache=True), name="get")
@method_decorator(condition(etag_func=standings_api_etag), name="get")
class StandingsApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=StandingsOutput)
    def get(self, request, tournament_id: int):
        tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
        snapshot = standings_selectors.standings_snapshot_latest(tournament=tournament)
        data = standings_selectors.standings_data(snapshot=snapshot)
        payload = {
            "version": snapshot.version if snapshot else None,
            "computed_at": snapshot.computed_at if snapshot else None,
            **data,
            "notes": ranking_notes(data),
        }
        return Response(StandingsOutput(payload).data)
