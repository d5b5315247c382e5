"""Reads for the Record of Fouls (Appendix 6) and the tablet, filtered by what the asking user may
see. Outsiders get 404."""

import re

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from penalties.catalogue import FOUL_BY_CODE, FOULS
from penalties.models import Penalty, PenaltyPolicy
from scoring.engine.table import MAX_HANDS
from tournaments.access import Capability, can
from tournaments.core import selectors as core_selectors
from tournaments.errors import NotFound
from tournaments.models import Registration, ScoreSheet, SeatAssignment, Tournament


def policy_for(tournament) -> PenaltyPolicy:
    """The tournament's policy, or the rulebook's defaults (unsaved: reading it writes nothing)."""
    return PenaltyPolicy.objects.filter(tournament=tournament).first() or PenaltyPolicy(tournament=tournament)


def penalty_get_for_user(*, user, penalty_id: int, capability: Capability) -> Penalty:
    """A penalty, if the user has `capability` in its tournament; otherwise 404."""
    penalty = (
        Penalty.objects.select_related("sheet__session__tournament", "sheet__table", "offender")
        .filter(pk=penalty_id)
        .first()
    )
    if penalty is None or not can(user, penalty.sheet.session.tournament, capability):
        raise NotFound("No such penalty.")
    return penalty


def sheet_players(*, sheet: ScoreSheet) -> list[Registration]:
    """The four players of the sheet's table, East to North (the foul forms offer them)."""
    seats = SeatAssignment.objects.filter(session=sheet.session, table=sheet.table).select_related(
        "registration__player"
    )
    return [seat.registration for seat in seats.order_by("seat")]


def current_hand_number(*, sheet: ScoreSheet) -> int:
    """The hand being played: the next one to record, or the last of a full sheet (3.4.8). A foul
    happens in it or in an earlier hand."""
    return min(sheet.hand_count + 1, MAX_HANDS)


def arrangement_candidates(*, tournament: Tournament) -> list[Registration]:
    """Who may substitute for a disqualified player (3.11.4): the tournament's registrations."""
    return list(core_selectors.registration_list(tournament=tournament))


def article_display(article: str) -> str:
    """A foul's article in the page's language: rule numbers read the same in every language, the
    catalogue's "Appendix 1, fan 81" is translated."""
    appendix = re.fullmatch(r"Appendix (\d+), fan (\d+)", article)
    if appendix:
        return _("Appendix {appendix}, fan {fan}").format(appendix=appendix[1], fan=appendix[2])
    return article


def foul_choices() -> list[tuple[str, str]]:
    language = get_language() or "en"
    return [(foul.code, f"{foul.description(language)} ({article_display(foul.article)})") for foul in FOULS]


def foul_description(code: str) -> str:
    foul = FOUL_BY_CODE.get(code)
    return foul.description(get_language() or "en") if foul else code


def sanction_text(penalty: Penalty) -> str:
    """What the penalty does, as the Record of Fouls (Appendix 6) writes it."""
    if penalty.sanction == "pay_each":
        parts = [_("pays %(points)s to each") % {"points": penalty.points}]
    elif penalty.sanction == "pay_victim":
        parts = [_("pays %(points)s to %(entry)s") % {"points": penalty.points, "entry": penalty.victim.entry_number}]
    elif penalty.forfeit:
        parts = [_("session forfeited")]
    elif penalty.points:
        parts = [f"−{penalty.points}"]
    else:
        parts = [_("warning")]
    if penalty.no_win:
        parts.append(_("停和"))
    if penalty.disqualification:
        parts.append(_("disqualified"))
    return " · ".join(parts)


def record_of_fouls(*, session) -> list[dict]:
    """Appendix 6: per table, every penalty with the offender's team, name, number and seat."""
    penalties = (
        Penalty.objects.filter(sheet__session=session)
        .select_related(
            "sheet__table", "offender__player", "offender__team", "victim__player", "cancelled_by", "substitute"
        )
        .order_by("sheet__table__number", "hand_number", "created_at")
    )
    seats = {
        (row["table_id"], row["registration_id"]): row["seat"]
        for row in SeatAssignment.objects.filter(session=session).values("table_id", "registration_id", "seat")
    }
    tables: dict[int, dict] = {}
    for penalty in penalties:
        table = tables.setdefault(penalty.sheet.table.number, {"table": penalty.sheet.table.number, "rows": []})
        table["rows"].append(
            {
                "penalty": penalty,
                "foul": foul_description(penalty.foul),
                "article": article_display(FOUL_BY_CODE[penalty.foul].article) if penalty.foul in FOUL_BY_CODE else "",
                "seat": seats.get((penalty.sheet.table_id, penalty.offender_id)),
                "sanction": sanction_text(penalty),
                "active": penalty.status == Penalty.Status.ACTIVE,
            }
        )
    return [tables[number] for number in sorted(tables)]


def sheet_penalties(*, sheet) -> list[dict]:
    penalties = sheet.penalties.select_related("offender__player", "victim__player").order_by("created_at")
    return [
        {"penalty": penalty, "foul": foul_description(penalty.foul), "sanction": sanction_text(penalty),
         "active": penalty.status == Penalty.Status.ACTIVE}
        for penalty in penalties
    ]
