"""A player's own records, read on their phone: the sheets they played, hand by hand.

Who reads a player's records: the player (their linked account), their team leader (3.12.1: the
leader appeals for their players and signs their appeals, so reads what they would appeal
against), and the tournament's staff. Anyone else gets 404, as everywhere.

Which sheets: the rule is the score sheets' own (tournaments.sheets.selectors.sheet_readable): a
player reads their own table's sheet in every state, the open one included (they confirm its hands
with their PIN, so they may check them first); a team leader reads it once it is closed.
"""

from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import get_language

from scoring.engine.table import twelfths_display
from tournaments import extensions
from tournaments.access import Capability, can, teams_led_by
from tournaments.errors import NotFound
from tournaments.models import Registration, ScoreSheet, SeatAssignment
from tournaments.sheets.selectors import hand_rows, sheet_detail, sheet_readable, wind_names


def _staff(user, tournament) -> bool:
    return can(user, tournament, Capability.VIEW_ROSTER)


LINK_TOKEN_SALT = "tournaments.players.link"


def player_link_token(*, registration: Registration) -> str:
    """The token of the link printed on the player's schedule card.

    Signed with the site's secret over the registration and its current PIN: a re-issued PIN
    (the card lost) makes the old card's link useless, and nobody can make one without the secret.
    """
    value = f"{registration.pk}:{registration.confirm_pin}"
    return salted_hmac(LINK_TOKEN_SALT, value).hexdigest()[:24]


def link_url(*, registration: Registration) -> str | None:
    """The address the schedule card prints for the player to link their account (None without a PIN)."""
    if not registration.confirm_pin:
        return None
    token = player_link_token(registration=registration)
    return reverse("tournaments:player_link_token", args=[registration.pk, token])


def registration_for_token(*, registration_id: int, token: str) -> Registration:
    """The registration the schedule card's link names, if its token is right; else 404."""
    registration = (
        Registration.objects.select_related("tournament", "player").filter(pk=registration_id).first()
    )
    if registration is None or not registration.confirm_pin or not constant_time_compare(
        player_link_token(registration=registration), str(token)
    ):
        raise NotFound("No such link.")
    return registration


def registration_records_get(*, user, tournament_id: int, entry: int) -> Registration:
    """The registration whose records `user` may read (themselves, their team's leader, staff); else 404."""
    registration = (
        Registration.objects.select_related("tournament", "player", "team")
        .filter(tournament_id=tournament_id, entry_number=entry).first()
    )
    if registration is None or not user.is_authenticated:
        raise NotFound("No such player.")
    tournament = registration.tournament
    own = registration.player.user_id == user.pk
    leads = registration.team_id is not None and registration.team_id in teams_led_by(user, tournament)
    if not (own or leads or _staff(user, tournament)):
        raise NotFound("No such player.")
    return registration


def player_sheets(*, registration: Registration, user) -> list[dict]:
    """Every sheet the player played (a seat in a session with a sheet), session by session."""
    seats = (
        SeatAssignment.objects.filter(registration=registration)
        .select_related("session", "table").order_by("session__number")
    )
    sheets = {
        (sheet.session_id, sheet.table_id): sheet
        for sheet in ScoreSheet.objects.filter(
            session__in=[seat.session_id for seat in seats], table__in=[seat.table_id for seat in seats]
        )
    }
    winds = wind_names()
    rows = []
    for seat in seats:
        sheet = sheets.get((seat.session_id, seat.table_id))
        if sheet is None:
            continue
        readable = sheet_readable(user=user, sheet=sheet, registrations=[registration])
        rows.append({
            "session": seat.session.number,
            "table": seat.table.number,
            "seat": winds["ESWN"[seat.seat]],
            "sheet": sheet,
            "status": sheet.get_status_display(),
            "total": [sheet.total0, sheet.total1, sheet.total2, sheet.total3][seat.seat],
            "url": reverse("tournaments:player_sheet", args=[sheet.pk]) if readable else None,
        })
    return rows


def _seat_label(player: dict) -> str:
    registration = player["registration"]
    return f"{player['wind']} {registration.entry_number}" if registration else player["wind"]


def player_sheet_page(*, user, sheet: ScoreSheet) -> dict:
    """The sheet for a phone: the four players, each hand with its fans and what each seat paid or
    received (Appendix 5's 得失分 and 累计), the totals and table points; the viewer's own seat marked."""
    detail = sheet_detail(sheet=sheet)
    winds = wind_names()
    players = []
    for player, total, result in zip(detail["players"], detail["totals"], detail["results"]):
        registration = player["registration"]
        players.append({
            **player,
            "wind": winds["ESWN"[player["seat"]]],
            "total": total,
            "table_points": twelfths_display(result.table_points),
            "session_score": result.session_score,
            "mine": registration is not None and registration.player.user_id == user.pk,
        })
    rows = hand_rows(detail, get_language() or "en")
    for row in rows:
        hand = row["hand"]
        row["winner"] = _seat_label(players[hand.winner]) if hand.winner is not None else ""
        row["discarder"] = _seat_label(players[hand.discarder]) if hand.discarder is not None else ""
        # Appendix 5: each player's 得失分 with its 累计, named by starting seat and entry number.
        row["payments"] = [
            {**cell, "label": _seat_label(player), "mine": player["mine"]}
            for cell, player in zip(row["cells"], players)
        ]
    return {
        "sheet": sheet,
        "tournament": sheet.session.tournament,
        "players": players,
        "hand_rows": rows,
        "sheet_open": sheet.status == ScoreSheet.Status.OPEN,
        "sheet_locked": sheet.status == ScoreSheet.Status.LOCKED,
        "amendments": list(sheet.amendments.all()) if sheet.status == ScoreSheet.Status.LOCKED else [],
    }


def player_records(*, user, registration: Registration) -> dict:
    """The player's records page: their sheets, and the sections the apps above add (fouls, appeals)."""
    return {
        "tournament": registration.tournament,
        "registration": registration,
        "is_self": registration.player.user_id == user.pk,
        "sheets": player_sheets(registration=registration, user=user),
        "sections": extensions.player_sections(registration, user),
    }
