"""Penalties in the tournament archive (docs/archive.md): a "penalties" list on each table, and the
tournament's "penalty_policy" ({"escalation": "double" or "flat"}), which decides the points of an
escalating foul after 20 (3.11.6.3-5) and so is saved before the tables' penalties.

Each item: {"foul": code, "offender": entry, "hand": n or null, "points": n (when the referee
chooses them), "victim": entry (exposed tiles), "late_seconds": n (lateness), "note": text,
"notice": text (the public notice, 通报, given with a 停赛), "occurrence": n (escalating fouls: the
place in the hand as recorded)}. "forfeit_table_points" is no longer written, and accepted only as 0:
3.11.2.1 gives a forfeited session 0 with no override. Only penalties in force are exported; an
import records them through the same service as a referee, so the sanctions (escalation, lateness,
payments) come out the same.
"""

from django.utils.translation import gettext as _

from archive.read import ArchiveInvalid, Problem
from penalties.catalogue import (
    FOUL_BY_CODE,
    MAX_LATE_SECONDS,
    MAX_POINTS,
    REFEREE_AMOUNTS,
    VICTIM_AMOUNT_RANGE,
    Sanction,
    lateness_sanction,
)
from penalties.models import Notice, Penalty, PenaltyPolicy
from penalties.selectors import policy_for
from penalties.services import NOTICE_REQUIRED, penalty_policy_update, penalty_record
from scoring.engine.table import MAX_HANDS
from tournaments.extensions import TableArchiveSection, TournamentArchiveSection
from tournaments.models import Registration


def export(sheet_ids) -> dict[int, list[dict]]:
    items: dict[int, list[dict]] = {}
    penalties = (
        Penalty.objects.filter(sheet_id__in=list(sheet_ids), status=Penalty.Status.ACTIVE)
        .select_related("offender", "victim", "substitute")
        .order_by("sheet_id", "created_at", "pk")
    )
    for penalty in penalties:
        items.setdefault(penalty.sheet_id, []).append(penalty_item(penalty))
    return items


def penalty_item(penalty: Penalty) -> dict:
    """One penalty as the archive writes it (the appeals' section names a penalty the same way)."""
    item = {"foul": penalty.foul, "offender": str(penalty.offender.entry_number), "hand": penalty.hand_number}
    if penalty.sanction in (Sanction.DEDUCTION, Sanction.PAY_VICTIM):
        item["points"] = penalty.points
    if penalty.sanction == Sanction.ESCALATING and penalty.status == Penalty.Status.ACTIVE:
        # 3.11.6.3-5: the place among the penalties in force (cancelling one renumbers the
        # rest), so an import gives the same points.
        item["occurrence"] = penalty.occurrence
    if penalty.victim_id:
        item["victim"] = str(penalty.victim.entry_number)
    if penalty.late_seconds is not None:
        item["late_seconds"] = penalty.late_seconds
    if penalty.stand_in_from_hand:
        # 3.11.4 with the regulation "a substitute sits in at once": who played the seat's later hands.
        item["stand_in"] = {"substitute": str(penalty.substitute.entry_number), "from_hand": penalty.stand_in_from_hand}
    notice = Notice.objects.filter(penalty=penalty).values_list("text", flat=True).first()
    if notice:
        item["notice"] = notice
    if penalty.note:
        item["note"] = penalty.note
    return item


def _entry(value) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    return value.strip() if isinstance(value, str) else None


def check(items: list, seats: list[str], rules: str | None, hands: int = MAX_HANDS, table: dict | None = None
          ) -> list[str]:
    """`hands`: how many hands the file gives the table; a foul in a hand is at most one past them
    (the hand being played), as a referee records it (penalty_record). `table`: the table as written,
    whose hands must be ones the score sheet would have taken with these penalties (hands_refused)."""
    problems = _check_items(items, seats, hands)
    if not problems and seats and table is not None and isinstance(table.get("hands"), list):
        problems = hands_refused(items, seats, table["hands"])
    return problems


def hands_refused(items: list[dict], seats: list[str], hands: list) -> list[str]:
    """What the score sheet refuses once these penalties are recorded (penalties.providers.hand_ruling), in
    a file's hands: a win by a player who lost the right to win it (停和, 3.11.3); a seat forfeited for
    lateness named as winner or discarder (3.11.2.1: the forfeiter takes no part in the session); hands
    after the hand of a 停赛 (3.11.4), unless the item says a substitute sat in from the next hand."""
    problems = []
    for position, item in enumerate(items, start=1):
        label = _("Penalty %(n)d") % {"n": position}
        foul, offender = FOUL_BY_CODE[item["foul"]], _entry(item.get("offender"))
        forfeit = foul.sanction == Sanction.LATENESS and lateness_sanction(item["late_seconds"]).forfeit
        for hand in hands:
            if not isinstance(hand, dict) or hand.get("result") != "win":
                continue
            winner, discarder, number = _entry(hand.get("winner")), _entry(hand.get("discarder")), hand.get("number")
            if foul.no_win and number == item.get("hand") and winner == offender:
                problems.append(_("%(label)s: hand %(n)s is won by the offender, who lost the right to win it "
                                  "(停和, rule 3.11.3).") % {"label": label, "n": number})
            if forfeit and offender in (winner, discarder):
                problems.append(_("%(label)s: hand %(n)s names the offender, whose session is forfeited (rule "
                                  "3.11.2.1): they take no part in it.") % {"label": label, "n": number})
        if foul.sanction == Sanction.DISQUALIFICATION:
            problems += _stand_in_problems(label, item, seats, hands)
        elif item.get("stand_in") is not None:
            problems.append(_("%(label)s: “stand_in” goes with a disqualification (停赛, rule 3.11.4) only.")
                            % {"label": label})
    return problems


def _stand_in_problems(label: str, item: dict, seats: list[str], hands: list) -> list[str]:
    """3.11.4: no hand after the hand of the foul, unless a substitute sat in from the next one."""
    stand_in, foul_hand = item.get("stand_in"), item["hand"]
    later = [hand for hand in hands if isinstance(hand, dict) and isinstance(hand.get("number"), int)
             and hand["number"] > foul_hand]
    if stand_in is None:
        if later:
            return [_("%(label)s: the table records hands after hand %(n)d, the hand of the disqualification (停赛, "
                      "rule 3.11.4): give “stand_in” (the substitute who played them) or remove them.")
                    % {"label": label, "n": foul_hand}]
        return []
    substitute = _entry(stand_in.get("substitute")) if isinstance(stand_in, dict) else None
    if (
        not isinstance(stand_in, dict) or stand_in.get("from_hand") != foul_hand + 1 or foul_hand >= MAX_HANDS
        or substitute is None or substitute in seats
    ):
        return [_("%(label)s: “stand_in” is {“substitute”: an entry not seated at this table, “from_hand”: the hand "
                  "after the disqualification's}.") % {"label": label}]
    return []


def _check_items(items: list, seats: list[str], hands: int) -> list[str]:
    problems = []
    last_hand = min(hands + 1, MAX_HANDS)
    for position, item in enumerate(items, start=1):
        label = _("Penalty %(n)d") % {"n": position}
        if not isinstance(item, dict):
            problems.append(_("%(label)s must be an object with a foul and an offender.") % {"label": label})
            continue
        foul = FOUL_BY_CODE.get(item.get("foul"))
        if foul is None:
            problems.append(_("%(label)s: unknown foul “%(foul)s”.") % {"label": label, "foul": item.get("foul")})
            continue
        if seats and _entry(item.get("offender")) not in seats:
            problems.append(_("%(label)s: the offender does not sit at this table.") % {"label": label})
        hand = item.get("hand")
        if hand is not None and (isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= MAX_HANDS):
            problems.append(_("%(label)s: “hand” must be a hand number from 1 to 16.") % {"label": label})
        elif hand is None and foul.needs_hand:
            problems.append(_("%(label)s: this foul happens in a hand; give “hand”.") % {"label": label})
        elif foul.needs_hand and hand > last_hand:
            message = _("%(label)s: “hand” must be from 1 to %(n)d: the hands of this table and the next one.")
            problems.append(message % {"label": label, "n": last_hand})
        occurrence = item.get("occurrence")
        if occurrence is not None and (
            foul.sanction != Sanction.ESCALATING or isinstance(occurrence, bool) or not isinstance(occurrence, int)
            or occurrence < 1
        ):
            message = _("%(label)s: “occurrence” is a whole number from 1, and only for an escalating foul.")
            problems.append(message % {"label": label})
        points = item.get("points")
        whole = isinstance(points, int) and not isinstance(points, bool)
        if foul.sanction == Sanction.DEDUCTION and foul.article == "3.11.6.9":
            if not whole or not 1 <= points <= MAX_POINTS:
                problems.append(_("%(label)s: “points” must be a whole number from 1.") % {"label": label})
        elif foul.sanction == Sanction.DEDUCTION and points not in REFEREE_AMOUNTS:
            problems.append(_("%(label)s: “points” must be 5, 10, 20, 30, 40, 50 or 60.") % {"label": label})
        elif foul.sanction == Sanction.PAY_VICTIM and not (
            whole and VICTIM_AMOUNT_RANGE[0] <= points <= VICTIM_AMOUNT_RANGE[1]
        ):
            problems.append(_("%(label)s: “points” must be from 5 to 60.") % {"label": label})
        notice = item.get("notice", "")
        if not isinstance(notice, str) or (notice.strip() and foul.sanction != Sanction.DISQUALIFICATION):
            problems.append(_("%(label)s: “notice” is a text, and only for a disqualification.") % {"label": label})
        elif foul.code in NOTICE_REQUIRED and not notice.strip():
            problems.append(_("%(label)s: rule 3.11.6.10 gives a public notice: give “notice”.") % {"label": label})
        if foul.sanction == Sanction.PAY_VICTIM:
            victim = _entry(item.get("victim"))
            if victim is None or (seats and victim not in seats) or victim == _entry(item.get("offender")):
                problems.append(_("%(label)s: “victim” must be another player of this table.") % {"label": label})
        if foul.sanction == Sanction.LATENESS:
            late = item.get("late_seconds")
            if isinstance(late, bool) or not isinstance(late, int) or not 1 <= late <= MAX_LATE_SECONDS:
                problems.append(
                    _("%(label)s: “late_seconds” must be a whole number of seconds from 1.") % {"label": label}
                )
        forfeit_points = item.get("forfeit_table_points", 0)
        if isinstance(forfeit_points, bool) or forfeit_points != 0:
            # 3.11.2.1 "本局为0分": no table points for a forfeited session, whoever decides.
            problems.append(_("%(label)s: “forfeit_table_points” can only be 0 (rule 3.11.2.1).") % {"label": label})
    return problems


def save(sheet, items: list[dict], registrations: dict[str, int], actor) -> None:
    by_id = Registration.objects.in_bulk(list(registrations.values()))
    for item in items:
        victim = _entry(item.get("victim"))
        stand_in = item.get("stand_in")
        substitute = registrations.get(_entry(stand_in["substitute"])) if stand_in else None
        if stand_in and substitute is None:
            where = _("Session %(session)s, table %(table)s") % {
                "session": sheet.session.number, "table": sheet.table.number}
            message = _("“stand_in”: the substitute %(entry)s is not among the players.")
            raise ArchiveInvalid([Problem(where, message % {"entry": stand_in["substitute"]},
                                          session=sheet.session.number, table=sheet.table.number)])
        penalty_record(
            actor=actor,
            sheet=sheet,
            foul=item["foul"],
            offender=by_id[registrations[_entry(item["offender"])]],
            hand_number=item.get("hand"),
            points=item.get("points"),
            victim=by_id[registrations[victim]] if victim else None,
            late_seconds=item.get("late_seconds"),
            note=item.get("note", "") if isinstance(item.get("note"), str) else "",
            occurrence=item.get("occurrence"),
            notice=item.get("notice", "") if isinstance(item.get("notice"), str) else "",
            # The file's own record of who sat in (3.11.4); the seats of later sessions are the file's too.
            stand_in=by_id[substitute] if substitute else None,
        )


SECTION = TableArchiveSection(key="penalties", export=export, check=check, save=save, needs_table=True)


def export_policy(tournament) -> dict:
    # Written even when it is the default, so another installation's default cannot change results.
    policy = policy_for(tournament)
    return {"escalation": str(policy.escalation), "disqualification_at_table": str(policy.disqualification_at_table)}


def check_policy(value) -> list[str]:
    if not isinstance(value, dict) or value.get("escalation") not in PenaltyPolicy.Escalation.values:
        choices = ", ".join(PenaltyPolicy.Escalation.values)
        message = _("“penalty_policy” must be an object whose “escalation” is one of: %(choices)s.")
        return [message % {"choices": choices}]
    if value.get("disqualification_at_table", PenaltyPolicy.AtTable.STOP) not in PenaltyPolicy.AtTable.values:
        choices = ", ".join(PenaltyPolicy.AtTable.values)
        message = _("“penalty_policy”: “disqualification_at_table” must be one of: %(choices)s.")
        return [message % {"choices": choices}]
    return []


def save_policy(tournament, value: dict, actor) -> None:
    # An older archive has no "disqualification_at_table": the default, the sheet stopping at the foul.
    penalty_policy_update(actor=actor, tournament=tournament, escalation=value["escalation"],
                          disqualification_at_table=value.get("disqualification_at_table", PenaltyPolicy.AtTable.STOP))


POLICY_SECTION = TournamentArchiveSection(
    key="penalty_policy", export=export_policy, check=check_policy, save=save_policy
)
