from rest_framework import serializers

from tournaments.models import Registration, Session, Tournament


class SessionOutput(serializers.ModelSerializer):
    class Meta:
        model = Session
        fields = ["number", "status", "scheduled_start", "started_at", "ended_at"]


class TournamentOutput(serializers.ModelSerializer):
    class Meta:
        model = Tournament
        fields = ["id", "name", "venue", "starts_on", "ends_on", "rules", "planned_sessions", "session_minutes", "status"]


class TournamentDetailOutput(TournamentOutput):
    sessions = SessionOutput(many=True, read_only=True)

    class Meta(TournamentOutput.Meta):
        fields = TournamentOutput.Meta.fields + ["sessions"]


class RegistrationOutput(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name")
    name_local = serializers.CharField(source="player.name_local")
    country = serializers.CharField(source="player.country")
    team = serializers.CharField(source="team.name", default=None)

    class Meta:
        model = Registration
        fields = ["id", "entry_number", "name", "name_local", "country", "team", "checked_in", "checked_in_at"]


class CheckInInput(serializers.Serializer):
    checked_in = serializers.BooleanField()
