"""The referee's tablet talks to these endpoints: read a sheet, add and correct hands, sign it."""

import copy

from django.utils.translation import get_language
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field, extend_schema_view
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.api.serializers import StrictBooleanField
from scoring.calculator import WINDS
from scoring.engine.table import MAX_HANDS
from tournaments import extensions
from tournaments.models import Hand, ScoreSheet
from tournaments.sheets import hand_scoring
from tournaments.sheets import selectors as sheet_selectors
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HAND_ENTRY_FIELDS, HandEntry

# A stale version or hand number: the services raise Conflict, answered 409 with the sheet's current
# version (and the next hand's number) in the API's one error shape (config/api_errors.py).
CONFLICT = OpenApiResponse(description="The sheet changed since it was read (its version, or the hand's number).")


class FlatSerializer(serializers.Serializer):
    """A serializer of plain fields (no nested serializer) whose instances share their fields' settings.

    DRF deep-copies every declared field for each serializer instance, building each field and its
    validators again: ~0.1 ms for a dozen fields, paid twice by every hand of the day (its input and its
    answer; bench/submission.py). A shallow copy is enough for plain fields: what binding sets (the
    name, the parent, the source) belongs to the copy, and what is shared (validators, choices, a
    list's child field) is not changed once declared. A nested serializer holds what one request
    binds to it (its own fields, the context), so it is refused."""

    def get_fields(self):
        fields = {}
        for name, field in self._declared_fields.items():
            if isinstance(field, serializers.BaseSerializer):
                raise TypeError(f"{type(self).__name__}.{name}: a FlatSerializer takes no nested serializer")
            fields[name] = copy.copy(field)
        return fields


class SeatPlayerOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    entry = serializers.IntegerField(source="registration.entry_number", allow_null=True)
    name = serializers.CharField(source="registration.player.name", allow_null=True)
    confirmed = serializers.BooleanField()


class FanCountOutput(serializers.Serializer):
    number = serializers.IntegerField(help_text="the fan's number in the rules' table, 1-81 (3.8)")
    count = serializers.IntegerField(help_text="how many times it counts")


@extend_schema_field(FanCountOutput(many=True))
class FanCountsField(serializers.Field):
    """A hand's fans as stored, `[{number, count}]`: a plain field, which the recorded hand's answer (a
    FlatSerializer, the day's busiest write) may hold, unlike a nested serializer; the sheet's hands use it too."""

    def to_representation(self, value):
        return [{"number": fan["number"], "count": fan["count"]} for fan in value]


RESULTS = Hand.Result.choices


class HandOutput(serializers.Serializer):
    number = serializers.IntegerField(source="hand.number")
    result = serializers.ChoiceField(source="hand.result", choices=RESULTS)
    winner = serializers.IntegerField(source="hand.winner", allow_null=True)
    discarder = serializers.IntegerField(source="hand.discarder", allow_null=True)
    tiles = serializers.CharField(source="hand.tiles")
    declared_fans = serializers.ListField(source="hand.declared_fans", child=serializers.IntegerField())
    verified = serializers.BooleanField(source="hand.verified")
    fans = FanCountsField(source="hand.fans")
    fan_points = serializers.IntegerField(source="hand.fan_points")
    total = serializers.IntegerField(source="hand.total")
    flowers = serializers.IntegerField(source="hand.flowers")
    deltas = serializers.ListField(source="hand.deltas", child=serializers.IntegerField())
    running = serializers.ListField(child=serializers.IntegerField())


class NextHandOutput(serializers.Serializer):
    prevalent = serializers.ChoiceField(choices=WINDS, help_text="the prevalent wind (圈风)")
    seat_winds = serializers.ListField(child=serializers.ChoiceField(choices=WINDS),
                                       help_text="each starting seat's wind in the next hand (门风), 0 East first")
    dealer = serializers.IntegerField()


class SeatResultOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    hand_score = serializers.IntegerField()
    transfers = serializers.IntegerField()
    deductions = serializers.IntegerField()
    session_score = serializers.IntegerField()
    rank = serializers.IntegerField()
    table_points_twelfths = serializers.IntegerField(source="table_points")


class ObjectionOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="the number a ruling on a signed sheet names (basis objection)")
    hand_number = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True, help_text="the objecting player's starting seat, 0 East")
    text = serializers.CharField()
    recorded_at = serializers.DateTimeField()


class SheetOutput(serializers.Serializer):
    id = serializers.IntegerField(source="sheet.pk")
    tournament = serializers.IntegerField(source="sheet.session.tournament_id")
    session_id = serializers.IntegerField(source="sheet.session_id")
    referee = serializers.CharField(source="sheet.referee.username", allow_null=True, default=None,
                                    help_text="the table's referee (a username), none before one is given")
    session = serializers.IntegerField(source="sheet.session.number")
    table = serializers.IntegerField(source="sheet.table.number")
    status = serializers.ChoiceField(source="sheet.status", choices=ScoreSheet.Status.choices,
                                     help_text="open (playing), closed (waiting for signatures) or locked (signed)")
    version = serializers.IntegerField(source="sheet.version")
    ended_by_time = serializers.BooleanField(source="sheet.ended_by_time")
    remarks = serializers.CharField(source="sheet.remarks", help_text="Appendix 5, 备注: the referee's remarks.")
    players = SeatPlayerOutput(many=True)
    hands = HandOutput(many=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    results = SeatResultOutput(many=True)
    next_number = serializers.IntegerField()
    next_hand = NextHandOutput(allow_null=True)
    confirmed_count = serializers.IntegerField()
    objections = ObjectionOutput(many=True, help_text="3.9.1.4: objections made at the table, before signing")
    notice = serializers.CharField(
        required=False, help_text="Only when a player confirms a sheet they had already confirmed: says so."
    )


def sheet_response(sheet, status_code=status.HTTP_200_OK) -> Response:
    sheet = sheet_selectors.sheet_reread(sheet=sheet)
    return Response(SheetOutput(sheet_selectors.sheet_detail(sheet=sheet)).data, status=status_code)


class HandInput(FlatSerializer):
    """A hand from the tablet: the JSON form of HandEntry, with its number and client key."""

    number = serializers.IntegerField(min_value=1, max_value=MAX_HANDS)
    client_key = serializers.UUIDField(required=False, allow_null=True)
    result = serializers.ChoiceField(choices=RESULTS)
    winner = serializers.IntegerField(min_value=0, max_value=3, required=False, allow_null=True)
    discarder = serializers.IntegerField(min_value=0, max_value=3, required=False, allow_null=True)
    tiles = serializers.CharField(required=False, allow_blank=True, max_length=80)
    declared_fans = serializers.ListField(child=serializers.IntegerField(), required=False, max_length=30)
    flowers = serializers.IntegerField(min_value=0, max_value=8, required=False, default=0)
    last_of_kind = StrictBooleanField(required=False, default=False)
    last_wall_tile = StrictBooleanField(required=False, default=False)
    kong_replacement = StrictBooleanField(required=False, default=False)
    robbing_kong = StrictBooleanField(required=False, default=False)

    def hand_entry(self) -> HandEntry:
        """The validated hand, as the score sheet services take it."""
        return HandEntry.from_mapping(
            {name: value for name, value in self.validated_data.items() if name in HAND_ENTRY_FIELDS}
        )


class HandCorrectInput(HandInput):
    """A corrected hand. On a signed sheet also its basis (3.9.1.4, 3.11.6.11(7)): an upheld appeal
    (`basis` "appeal", `reference` its number) or an objection recorded at the table before signing
    (`basis` "objection", `reference` its number), and the reason."""

    number = None
    client_key = None
    version = serializers.IntegerField()
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)
    basis = serializers.ChoiceField(choices=["appeal", "objection"], required=False, allow_blank=True,
                                    help_text="signed sheets only: what the change rests on")
    reference = serializers.CharField(required=False, allow_blank=True, max_length=32,
                                      help_text="basis appeal: the upheld appeal's number; basis objection: the "
                                                "number of the objection recorded at the table")


class HandPreviewInput(HandInput):
    """A hand being entered, for the engine's count before it is recorded (nothing is written)."""

    client_key = None


class PreviewFanOutput(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    count = serializers.IntegerField()
    points = serializers.IntegerField()


class PreviewEngineOutput(serializers.Serializer):
    fans = PreviewFanOutput(many=True)
    fan_points = serializers.IntegerField()
    total = serializers.IntegerField()
    is_winning = serializers.BooleanField()
    message = serializers.CharField(allow_blank=True)


class PreviewDeclaredOutput(serializers.Serializer):
    fans = PreviewFanOutput(many=True)
    fan_points = serializers.IntegerField()
    total = serializers.IntegerField()
    unsupported = serializers.ListField(child=serializers.IntegerField(), help_text="declared fans the tiles refuse")
    missed = PreviewFanOutput(many=True, help_text="fans the engine counts and the winner did not declare: "
                                                   "shown only, never added (3.9.1.4)")


class HandPreviewOutput(serializers.Serializer):
    scoring_mode = serializers.ChoiceField(choices=["electronic", "declared"])
    engine = PreviewEngineOutput(allow_null=True, help_text="the engine's count of the tiles; null without tiles")
    declared = PreviewDeclaredOutput(allow_null=True, help_text="declared scoring only")
    problems = serializers.ListField(child=serializers.CharField())
    false_win = serializers.BooleanField(help_text="declared under 8 on tiles worth 8: 错和 (3.11.6.6)")
    false_win_url = serializers.CharField(allow_null=True, help_text="where the referee records the 错和 penalty")


class VersionInput(serializers.Serializer):
    version = serializers.IntegerField()


class ObjectionInput(serializers.Serializer):
    version = serializers.IntegerField()
    hand_number = serializers.IntegerField(min_value=1, max_value=MAX_HANDS)
    text = serializers.CharField(max_length=300, help_text="what is disputed")
    seat = serializers.IntegerField(min_value=0, max_value=3, required=False, allow_null=True,
                                    help_text="the objecting player's starting seat, 0 East")


class ConfirmInput(serializers.Serializer):
    entry = serializers.IntegerField(min_value=1)
    pin = serializers.CharField(max_length=8)
    version = serializers.IntegerField(help_text="the sheet version the player checked")


class SignInput(serializers.Serializer):
    version = serializers.IntegerField(help_text="the sheet version the players confirmed")
    reason = serializers.CharField(
        required=False, allow_blank=True, max_length=500,
        help_text="chief referee only: why a player's confirmation is missing (absent, disqualified)",
    )


class SheetApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=SheetOutput)
    def get(self, request, sheet_id: int):
        # The same rights as the pages: the staff, the table's players, their team leaders once it is closed.
        return sheet_response(sheet_selectors.sheet_get_for_player(user=request.user, sheet_id=sheet_id))


class HandRecordedOutput(FlatSerializer):
    """The recorded hand and the sheet's new version and totals: all a tablet needs to go on.

    The whole sheet is one GET away; leaving it out keeps the busiest write of the day light.
    """

    number = serializers.IntegerField()
    result = serializers.ChoiceField(choices=RESULTS)
    winner = serializers.IntegerField(allow_null=True)
    discarder = serializers.IntegerField(allow_null=True)
    verified = serializers.BooleanField()
    fans = FanCountsField()
    fan_points = serializers.IntegerField()
    total = serializers.IntegerField()
    deltas = serializers.ListField(child=serializers.IntegerField())
    sheet_version = serializers.IntegerField(source="sheet.version")
    sheet_totals = serializers.ListField(source="sheet.totals", child=serializers.IntegerField())


class HandRecordApi(APIView):
    """Record the next hand. A retried request with the same client_key answers 200 with that hand."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=HandInput,
        responses={201: HandRecordedOutput, 200: HandRecordedOutput, 409: CONFLICT},
    )
    def post(self, request, sheet_id: int):
        payload = HandInput(data=request.data)
        payload.is_valid(raise_exception=True)
        # The service checks the referee's right to write on the locked sheet (404 otherwise).
        data = payload.validated_data
        hand, created = sheet_services.hand_record(
            actor=request.user, sheet_id=sheet_id, number=data["number"], client_key=data.get("client_key"),
            entry=payload.hand_entry(),
        )
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(HandRecordedOutput(hand).data, status=code)


class HandApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=HandCorrectInput, responses={200: SheetOutput, 409: CONFLICT})
    def put(self, request, sheet_id: int, number: int):
        sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id, write=True)
        payload = HandCorrectInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        sheet_services.hand_correct(
            actor=request.user,
            sheet=sheet,
            number=number,
            expected_version=data["version"],
            reason=data.get("reason", ""),
            entry=payload.hand_entry(),
            basis=data.get("basis", ""),
            reference=data.get("reference", ""),
        )
        return sheet_response(sheet)


class HandPreviewApi(APIView):
    """The engine's count of a hand being entered, and in declared scoring the declaration checked."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=HandPreviewInput, responses=HandPreviewOutput)
    def post(self, request, sheet_id: int):
        sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id, write=True)
        payload = HandPreviewInput(data=request.data)
        payload.is_valid(raise_exception=True)
        preview = hand_scoring.hand_preview(
            sheet=sheet, number=payload.validated_data["number"], entry=payload.hand_entry(),
            language=get_language() or "en",
        )
        entry = payload.hand_entry()
        refusal = extensions.hand_ruling(extensions.HandAt(
            sheet_id=sheet.pk, session_id=sheet.session_id, table_id=sheet.table_id,
            hand_number=payload.validated_data["number"], winner=entry.winner, discarder=entry.discarder)).refusal
        if refusal and entry.winner is not None:
            # The penalties in force forbid this win (停和 after a 错和 recorded, 3.11.3): say so, and offer no
            # second 错和 for the same hand (penalties.services refuses one too).
            preview["false_win"] = False
            preview["problems"] = [refusal, *preview["problems"]]
        preview["false_win_url"] = (
            sheet_selectors.false_win_url(sheet=sheet, hand_number=payload.validated_data["number"],
                                          winner=entry.winner, tiles=(entry.tiles or "").strip(),
                                          self_drawn=entry.discarder is None,
                                          declared=list(entry.declared_fans or ()))
            if preview["false_win"] else None
        )
        return Response(HandPreviewOutput(preview).data)


class SheetActionApi(APIView):
    """A POST that changes a writable sheet and answers with the whole sheet: read the sheet (404 for
    whoever may not write it), check the input, call one service. Subclasses name both."""

    permission_classes = [permissions.IsAuthenticated]
    input_serializer: type[serializers.Serializer]
    # Closing, confirming and signing are safe to retry: the sheet's referee resending one after the
    # sheet was signed (their first try's answer lost) reaches the service, which answers as before.
    retry_after_signing = False

    def post(self, request, sheet_id: int):
        sheet = sheet_selectors.sheet_get_for_user(
            user=request.user, sheet_id=sheet_id, write=True, signed_by_own_referee=self.retry_after_signing
        )
        payload = self.input_serializer(data=request.data)
        payload.is_valid(raise_exception=True)
        notice = self.act(request.user, sheet, payload.validated_data)
        response = sheet_response(sheet)
        if notice:
            response.data["notice"] = notice
        return response

    # act(actor, sheet, validated data): each subclass calls its one service here, and may return a
    # notice for the tablet (e.g. "already confirmed") that goes out beside the sheet.


def _documented(input_serializer):
    return extend_schema_view(
        post=extend_schema(request=input_serializer, responses={200: SheetOutput, 409: CONFLICT})
    )


@_documented(VersionInput)
class HandDeleteLastApi(SheetActionApi):
    input_serializer = VersionInput

    def act(self, actor, sheet, data):
        sheet_services.hand_delete_last(actor=actor, sheet=sheet, expected_version=data["version"])


@_documented(VersionInput)
class SheetCloseApi(SheetActionApi):
    input_serializer = VersionInput
    retry_after_signing = True

    def act(self, actor, sheet, data):
        sheet_services.sheet_close(actor=actor, sheet=sheet, expected_version=data["version"])


@_documented(ConfirmInput)
class SheetConfirmApi(SheetActionApi):
    """A player confirms on the referee's tablet (the referee is the one logged in)."""

    input_serializer = ConfirmInput
    retry_after_signing = True

    def act(self, actor, sheet, data):
        return sheet_services.sheet_confirm(
            sheet=sheet, entry_number=data["entry"], pin=data["pin"], expected_version=data["version"],
            client=f"user:{actor.pk}",
        ).notice()


@_documented(SignInput)
class SheetSignApi(SheetActionApi):
    input_serializer = SignInput
    retry_after_signing = True

    def act(self, actor, sheet, data):
        sheet_services.sheet_sign(
            actor=actor, sheet=sheet, expected_version=data["version"], reason=data.get("reason", "")
        )


@_documented(ObjectionInput)
class SheetObjectionApi(SheetActionApi):
    """An objection made at the table on a recorded hand, before signing (3.9.1.4 如有异议)."""

    input_serializer = ObjectionInput

    def act(self, actor, sheet, data):
        sheet_services.objection_record(actor=actor, sheet=sheet, expected_version=data["version"],
                                        hand_number=data["hand_number"], text=data["text"], seat=data.get("seat"))


class SheetRefOutput(serializers.Serializer):
    """Where a sheet is: enough to open it (GET /api/sheets/<sheet>/)."""

    sheet = serializers.IntegerField(source="pk")
    tournament = serializers.IntegerField(source="session.tournament_id")
    session = serializers.IntegerField(source="session.number")
    session_id = serializers.IntegerField()
    table = serializers.IntegerField(source="table.number")
    status = serializers.ChoiceField(choices=ScoreSheet.Status.choices)


class MyTablesApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="my_tables", responses={200: SheetRefOutput(many=True)},
                   summary="A referee's tables: the sheets they hold")
    def get(self, request):
        return Response(SheetRefOutput(sheet_selectors.sheets_of_referee(user=request.user), many=True).data)


class MySheetsApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="my_sheets", responses={200: SheetRefOutput(many=True)},
                   summary="A player's sheets: those of the tables they sat at")
    def get(self, request):
        return Response(SheetRefOutput(sheet_selectors.sheets_of_player(user=request.user), many=True).data)
