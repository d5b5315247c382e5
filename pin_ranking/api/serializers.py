from rest_framework import serializers


class LedgerCompetitionOutput(serializers.Serializer):
    competition = serializers.IntegerField()
    name = serializers.CharField()
    level = serializers.CharField()
    klass = serializers.CharField(help_text="A, B or C (Appendix 9, 5)")
    table_points = serializers.FloatField(help_text="exact to a twelfth, e.g. 41.5")
    contest_points = serializers.IntegerField(help_text="the competition's final total (may be negative)")
    counted_contest_points = serializers.IntegerField(help_text="4.6 note 1: a negative total counts as 0")
    rank = serializers.IntegerField(allow_null=True)
    group_rank = serializers.IntegerField(allow_null=True)
    team_rank = serializers.IntegerField(allow_null=True)


class MissingOutput(serializers.Serializer):
    pin = serializers.IntegerField(help_text="the next Pin")
    points = serializers.FloatField(help_text="Pin: table points missing; Web Pin: web competition points missing")
    contest_points = serializers.IntegerField()
    placing = serializers.DictField(allow_null=True, help_text="the placing requirement not met yet, or null")


class TrackOutput(serializers.Serializer):
    track = serializers.ChoiceField(choices=["pin", "web_pin"])
    pin = serializers.IntegerField(allow_null=True, help_text="the highest Pin reached, 1 (highest) to 9, or null")
    points = serializers.FloatField(help_text="Pin: table points (41.5); Web Pin: web competition points")
    contest_points = serializers.IntegerField(help_text="sum of positive competition totals")
    version = serializers.IntegerField(allow_null=True, help_text="the stored ledger's version (null: none yet)")
    competitions = LedgerCompetitionOutput(many=True)
    missing = MissingOutput(allow_null=True)


class PlayerLedgerOutput(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    federation_id = serializers.CharField(allow_blank=True)
    country = serializers.CharField(allow_blank=True)
    edition = serializers.CharField()
    tracks = TrackOutput(many=True)


class LedgerRowOutput(serializers.Serializer):
    federation_id = serializers.CharField()
    name = serializers.CharField()
    competitions = serializers.IntegerField()
    table_points = serializers.FloatField()
    contest_points = serializers.IntegerField()
    pin = serializers.IntegerField(allow_null=True)
    web_pin = serializers.IntegerField(allow_null=True)
