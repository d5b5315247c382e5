"""Entries in the API: entering (a player, a team), the entrant's own entry by its mailed link, the organizer's list,
window and actions. The same services as the pages, the same rights (outsiders 404).

POST /api/tournaments/<id>/entries/               anyone: a player enters (the link to confirm goes by mail)
POST /api/tournaments/<id>/entries/team/          anyone: a team leader enters a team
GET  /api/tournaments/<id>/entries/               the organizer: every entry, in queue order
GET  /api/tournaments/<id>/entries/window/        the organizer: the window (dates, places, quotas, fee)
PUT  /api/tournaments/<id>/entries/window/        the organizer: open or change it
POST /api/entries/<id>/actions/                   the organizer: offer, move, pay, refund, cancel, withdraw
GET  /api/entry/<token>/                          the entrant, by the mailed link's token
POST /api/entry/<token>/                          the entrant: confirm, accept (an offer), withdraw

The token never comes back from the API: it reaches only the e-mail's owner, which is what confirms an entry.
"""

from django.http import Http404
from django.utils import translation
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import Throttled
from rest_framework.response import Response
from rest_framework.views import APIView

from entries import selectors, services
from entries.models import Entry
from entries.throttle import entry_throttled
from scoring.api.serializers import StrictBooleanField
from tournaments.countries import ISO_3166_1

STATES = Entry.State.choices
COUNTRIES = sorted(ISO_3166_1)
THROTTLED = OpenApiResponse(description="Too many entries from this address or for this e-mail this hour.")


class PersonInput(serializers.Serializer):
    name = serializers.CharField(max_length=200, help_text="in Latin script, as the federation writes it")
    name_local = serializers.CharField(max_length=200, required=False, default="", allow_blank=True)
    country = serializers.ChoiceField(choices=COUNTRIES, help_text="ISO 3166-1 alpha-2")
    issuer = serializers.CharField(max_length=16, required=False, default="", allow_blank=True,
                                   help_text="the federation that issued the ID (EMA, CMA, JPML, WMO …)")
    federation_id = serializers.CharField(max_length=40, required=False, default="", allow_blank=True)
    email = serializers.EmailField(max_length=254)


class EntryInput(PersonInput):
    consent = StrictBooleanField(help_text="agreement to the privacy notice (its version is recorded)")


class MemberInput(PersonInput):
    reserve = StrictBooleanField(required=False, default=False, help_text="a reserve: not seated")


class TeamEntryInput(serializers.Serializer):
    name = serializers.CharField(max_length=200, help_text="the team's name")
    name_local = serializers.CharField(max_length=200, required=False, default="", allow_blank=True)
    country = serializers.ChoiceField(choices=COUNTRIES)
    email = serializers.EmailField(max_length=254, help_text="the team leader's: the link to confirm goes there")
    consent = StrictBooleanField()
    members = MemberInput(many=True, help_text="the team's players (as many as the window's team_players) and "
                                               "reserves (at most the tournament's team_reserves)")


class MemberOutput(serializers.Serializer):
    name = serializers.CharField()
    name_local = serializers.CharField(allow_blank=True)
    country = serializers.CharField()
    federation_id = serializers.CharField(allow_blank=True)
    email = serializers.EmailField()
    reserve = StrictBooleanField()
    entry_number = serializers.IntegerField(allow_null=True, source="registration.entry_number", default=None)


class EntryOutput(serializers.Serializer):
    """An entry as its entrant and the tournament's organizers read it."""

    id = serializers.IntegerField()
    tournament = serializers.IntegerField(source="tournament_id")
    kind = serializers.ChoiceField(choices=Entry.Kind.choices)
    state = serializers.ChoiceField(choices=STATES)
    name = serializers.CharField()
    name_local = serializers.CharField(allow_blank=True)
    country = serializers.CharField()
    federation_id = serializers.CharField(allow_blank=True)
    email = serializers.EmailField()
    language = serializers.CharField()
    places = serializers.IntegerField(help_text="places it takes: 1 a player, one a player for a team")
    queue_number = serializers.IntegerField(allow_null=True, help_text="its place in the queue, once confirmed")
    waiting_position = serializers.IntegerField(allow_null=True, help_text="1 = next on the waiting list")
    waiting_position_country = serializers.IntegerField(allow_null=True)
    offered_until = serializers.DateTimeField(allow_null=True)
    payment = serializers.ChoiceField(choices=[""] + Entry.Payment.values)
    payment_code = serializers.CharField(help_text="the reference to write on a bank transfer")
    payment_reference = serializers.CharField(allow_blank=True)
    refund = serializers.ChoiceField(choices=Entry.Refund.values)
    reason = serializers.CharField(allow_blank=True)
    entry_number = serializers.IntegerField(allow_null=True, help_text="on the roster (a player's entry)")
    members = MemberOutput(many=True)
    created_at = serializers.DateTimeField()


def entry_data(entry: Entry) -> dict:
    position = selectors.waiting_position(entry) or {}
    return {
        **{field: getattr(entry, field) for field in (
            "id", "tournament_id", "kind", "state", "name", "name_local", "country", "federation_id", "email",
            "language", "places", "queue_number", "offered_until", "payment", "payment_code", "payment_reference",
            "refund", "reason", "created_at")},
        "waiting_position": position.get("overall"), "waiting_position_country": position.get("country"),
        "entry_number": entry.registration.entry_number if entry.registration_id else None,
        "members": selectors.members_of(entry),
    }


class SubmittedOutput(serializers.Serializer):
    id = serializers.IntegerField()
    state = serializers.ChoiceField(choices=STATES)
    detail = serializers.CharField(help_text="what to do next: follow the link mailed to the e-mail")


def _throttle(request, email: str) -> None:
    minutes = entry_throttled(request, email)
    if minutes is not None:
        raise Throttled(wait=minutes * 60, detail=_("Too many entries came from this connection or for this "
                                                     "e-mail: try again later."))


def _tournament_or_404(tournament_id: int):
    return selectors.public_tournament(tournament_id)


def _submitted(entry: Entry) -> Response:
    return Response(SubmittedOutput({"id": entry.pk, "state": entry.state,
                                     "detail": "Follow the link mailed to the e-mail within 48 hours."}).data,
                    status=status.HTTP_201_CREATED)


class EntriesApi(APIView):
    def get_permissions(self):
        return [permissions.AllowAny()] if self.request.method == "POST" else [permissions.IsAuthenticated()]

    @extend_schema(operation_id="entries_list", responses={200: EntryOutput(many=True)},
                   summary="The tournament's entries, in queue order (its organizers)")
    def get(self, request, tournament_id: int):
        tournament = selectors.tournament_get(tournament_id)
        overview = selectors.entries_overview(user=request.user, tournament=tournament)
        return Response(EntryOutput([entry_data(e) for e in overview["entries"]], many=True).data)

    @extend_schema(operation_id="entries_submit", request=EntryInput, responses={201: SubmittedOutput, 429: THROTTLED},
                   summary="A player enters; the entry takes a place once the mailed link is followed")
    def post(self, request, tournament_id: int):
        payload = EntryInput(data=request.data)
        payload.is_valid(raise_exception=True)
        tournament = _tournament_or_404(tournament_id)
        _throttle(request, payload.validated_data["email"])
        entry = services.entry_submit(tournament=tournament, language=translation.get_language(),
                                      **payload.validated_data)
        return _submitted(entry)


class TeamEntriesApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(operation_id="entries_submit_team", request=TeamEntryInput,
                   responses={201: SubmittedOutput, 429: THROTTLED},
                   summary="A team leader enters a team with its players and reserves")
    def post(self, request, tournament_id: int):
        payload = TeamEntryInput(data=request.data)
        payload.is_valid(raise_exception=True)
        tournament = _tournament_or_404(tournament_id)
        _throttle(request, payload.validated_data["email"])
        entry = services.team_entry_submit(tournament=tournament, language=translation.get_language(),
                                           **payload.validated_data)
        return _submitted(entry)


class QuotaSerializer(serializers.Serializer):
    country = serializers.ChoiceField(choices=COUNTRIES, help_text="ISO 3166-1 alpha-2")
    places = serializers.IntegerField(min_value=0, max_value=100000, help_text="places kept for its players")


class WindowSerializer(serializers.Serializer):
    opens_at = serializers.DateTimeField()
    closes_at = serializers.DateTimeField()
    capacity = serializers.IntegerField(min_value=4, max_value=100000, help_text="players, a multiple of four")
    quotas = QuotaSerializer(many=True, required=False, default=list,
                             help_text="places kept for a country's players until quota_release_on")
    quota_release_on = serializers.DateField(allow_null=True, required=False, default=None)
    offer_days = serializers.IntegerField(min_value=1, max_value=60, required=False, default=3)
    fee = serializers.DecimalField(max_digits=10, decimal_places=2, min_value=0, required=False, default=0,
                                   coerce_to_string=True)
    currency = serializers.CharField(max_length=3, required=False, default="", allow_blank=True)
    payment_instructions = serializers.CharField(max_length=2000, required=False, default="", allow_blank=True)
    refund_until = serializers.DateField(allow_null=True, required=False, default=None)
    payment_required = StrictBooleanField(required=False, default=False)
    individuals = StrictBooleanField(required=False, default=True)
    team_players = serializers.IntegerField(min_value=0, max_value=40, required=False, default=0)


class QuotaOutput(QuotaSerializer):
    """Its own component: an answer's fields are all sent, a request's need not be (config/api_schema.py)."""


class WindowOutput(WindowSerializer):
    quotas = QuotaOutput(many=True, help_text="places kept for a country's players until quota_release_on")


def window_data(window) -> dict:
    return {**{field: getattr(window, field) for field in WindowSerializer().fields if field != "quotas"},
            "quotas": [{"country": q.country, "places": q.places} for q in selectors.quotas_of(window)]}


class WindowApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: WindowOutput}, summary="The entry window (its organizers)")
    def get(self, request, tournament_id: int):
        tournament = selectors.organizer_tournament(user=request.user, tournament_id=tournament_id)
        window = selectors.open_window(tournament)
        if window is None:
            raise Http404
        return Response(WindowOutput(window_data(window)).data)

    @extend_schema(request=WindowSerializer, responses={200: WindowOutput},
                   summary="Open or change the entries (its organizers)")
    def put(self, request, tournament_id: int):
        tournament = selectors.organizer_tournament(user=request.user, tournament_id=tournament_id)
        payload = WindowSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = dict(payload.validated_data)
        data["quotas"] = {quota["country"]: quota["places"] for quota in data["quotas"]}
        window = services.entry_window_set(actor=request.user, tournament=tournament, **data)
        return Response(WindowOutput(window_data(window)).data)


class ActionInput(serializers.Serializer):
    action = serializers.ChoiceField(choices=["offer", "move", "pay", "refund", "cancel", "withdraw"])
    position = serializers.IntegerField(min_value=1, max_value=100000, required=False,
                                        help_text="move: the new position on the waiting list")
    payment = serializers.ChoiceField(choices=Entry.Payment.values, required=False, help_text="pay: how")
    reference = serializers.CharField(max_length=100, required=False, default="", allow_blank=True,
                                      help_text="pay: the transfer's reference")
    reason = serializers.CharField(max_length=300, required=False, default="", allow_blank=True,
                                   help_text="cancel (required) or withdraw: told to the entrant")


class EntryActionApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ActionInput, responses={200: EntryOutput},
                   summary="The organizer acts on an entry (each action audited)")
    def post(self, request, entry_id: int):
        payload = ActionInput(data=request.data)
        payload.is_valid(raise_exception=True)
        entry = selectors.entry_for_organizer(user=request.user, entry_id=entry_id)
        data = payload.validated_data
        action, actor = data["action"], request.user
        if action == "offer":
            services.entry_offer(actor=actor, entry=entry)
        elif action == "move":
            services.entry_move(actor=actor, entry=entry, position=_required(data, "position"))
        elif action == "pay":
            services.entry_payment_record(actor=actor, entry=entry, payment=_required(data, "payment"),
                                          reference=data["reference"])
        elif action == "refund":
            services.entry_refund_record(actor=actor, entry=entry)
        elif action == "cancel":
            services.entry_cancel(actor=actor, entry=entry, reason=data["reason"])
        else:
            services.entry_withdraw(actor=actor, entry=entry, reason=data["reason"])
        return Response(EntryOutput(entry_data(selectors.entry_reloaded(entry.pk))).data)


def _required(data: dict, field: str):
    if field not in data:
        raise serializers.ValidationError({field: ["This field is required for this action."]})
    return data[field]


class MineInput(serializers.Serializer):
    action = serializers.ChoiceField(choices=["confirm", "accept", "withdraw"])


class MineApi(APIView):
    """The entrant's own entry, by the mailed link's token (no account needed)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(operation_id="entry_mine", responses={200: EntryOutput}, summary="Your entry, by its mailed link")
    def get(self, request, token: str):
        return Response(EntryOutput(entry_data(selectors.entry_by_token(token))).data)

    @extend_schema(operation_id="entry_mine_act", request=MineInput, responses={200: EntryOutput},
                   summary="Confirm your entry, accept a place offered, or withdraw")
    def post(self, request, token: str):
        payload = MineInput(data=request.data)
        payload.is_valid(raise_exception=True)
        entry = selectors.entry_by_token(token)
        action = payload.validated_data["action"]
        if action == "confirm":
            services.entry_confirm(entry=entry)
        elif action == "accept":
            services.entry_offer_accept(entry=entry)
        else:
            services.entry_withdraw(entry=entry, reason=_("withdrawn by the entrant"))
        return Response(EntryOutput(entry_data(selectors.entry_reloaded(entry.pk))).data)
