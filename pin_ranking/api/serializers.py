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


# --- the public register (7.4 公布): public fields only --------------------------------------------------


class RegisterEntryOutput(serializers.Serializer):
    number = serializers.CharField(help_text="the Pin certificate's number (P2026-00001; WP… for a Web Pin)")
    name = serializers.CharField()
    country = serializers.CharField(allow_blank=True)
    track = serializers.ChoiceField(choices=["pin", "web_pin"])
    pin = serializers.IntegerField(help_text="1 (highest) to 9")
    awarded_on = serializers.DateField()
    committee = serializers.CharField(source="committee.name", help_text="the committee that certified it (7.3-7.4)")


class RegisterQueryInput(serializers.Serializer):
    track = serializers.ChoiceField(choices=["pin", "web_pin"], required=False)
    pin = serializers.IntegerField(min_value=1, max_value=9, required=False)
    country = serializers.CharField(max_length=64, required=False, allow_blank=True)
    page = serializers.IntegerField(min_value=1, required=False, help_text="100 entries a page; past the last: 404")


class RegisterPageOutput(serializers.Serializer):
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    results = RegisterEntryOutput(many=True)


# --- applications (Appendix 9, 7.1-7.4; the form of Appendix 10) ---------------------------------------


class ApplicationInput(serializers.Serializer):
    player = serializers.IntegerField(required=False, help_text="filing on a player's behalf (7.1): their id; "
                                                                "leave out to apply for yourself")
    track = serializers.ChoiceField(choices=["pin", "web_pin"])
    pin = serializers.IntegerField(min_value=1, max_value=9)
    sex = serializers.ChoiceField(choices=["F", "M"], help_text="附件十 性别")
    age = serializers.IntegerField(help_text="附件十 年龄, in years")
    id_number = serializers.CharField(max_length=64, help_text="附件十 证件号码")
    contact = serializers.CharField(max_length=200, help_text="附件十 联系方式")
    pledge_accepted = serializers.BooleanField(help_text="本人承诺… the form's pledge: must be true")


class AnswerInput(serializers.Serializer):
    note = serializers.CharField(max_length=1000, help_text="what you add or correct; the committee reads it")
    sex = serializers.ChoiceField(choices=["F", "M"])
    age = serializers.IntegerField()
    id_number = serializers.CharField(max_length=64)
    contact = serializers.CharField(max_length=200)
    refresh_results = serializers.BooleanField(required=False, default=False,
                                               help_text="fill the results rows again from the ledger as it stands")


class DecisionInput(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["approve", "reject", "more_info"])
    version = serializers.IntegerField(help_text="the application's version as you read it (a stale one: 409)")
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500,
                                   help_text="required to reject or ask for more; the player reads it")


class ApplicationOutput(serializers.Serializer):
    """An application as its applicant and the committee read it. The form's personal fields (sex, age,
    id_number, contact) are in it: this answer goes to no one else (404)."""

    id = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    country = serializers.CharField(allow_blank=True)
    track = serializers.CharField()
    pin = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["pending", "more_info", "approved", "rejected"])
    version = serializers.IntegerField()
    committee = serializers.CharField(source="committee.name")
    signed_at = serializers.DateTimeField()
    on_behalf = serializers.BooleanField()
    decided_at = serializers.DateTimeField(allow_null=True)
    reason = serializers.CharField(allow_blank=True, help_text="the committee's words (rejection, more asked)")
    certificate_number = serializers.CharField(allow_null=True, help_text="the Pin certificate, once approved")
    sex = serializers.CharField()
    age = serializers.IntegerField()
    id_number = serializers.CharField()
    contact = serializers.CharField()
    points_total = serializers.FloatField(help_text="品级积分合计: table points (Pin) or web points (Web Pin)")
    results = serializers.ListField(child=serializers.DictField(), help_text="the form's rows, one per competition")
