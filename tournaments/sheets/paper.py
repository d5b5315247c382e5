"""The printed score sheet of Appendix 5 (麻将竞赛成绩记录表), one A4 page per table and session.

Blank, for a table that plays on paper (3.9.1.5 allows the paper form beside approved devices), with
the seated players printed when the seating exists and empty lines otherwise; or filled from the
recorded sheet: its hands with each player's result (得失分) and running total (累计), the check that
each hand and the totals cancel out to zero ("正分负分相抵为'0'"), the remarks (备注), contest points
(比赛分), table points (标准分), and the signatures given on the tablet. A filled sheet's wins follow on
a page of their own with their tiles drawn as faces and their fans (one table's print; a session's
with ?hands=1).

Reads here are selectors: staff of the tournament may print (the organizer, the chief referee, and
the table's own referee); anyone else gets 404.
"""

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from scoring.engine import FANS
from scoring.engine.rotation import round_seats
from scoring.engine.table import MAX_HANDS, table_results, twelfths_display
from scoring.messages import fan_display_name
from tournaments import documents
from tournaments.access import Capability, capabilities
from tournaments.audit import AuditAction
from tournaments.errors import NotFound
from tournaments.extensions import hand_marks, sheet_adjustments
from tournaments.models import (
    AuditEvent,
    Hand,
    HandObjection,
    ScoreSheet,
    SeatAssignment,
    Session,
    SheetSignature,
    Table,
)

ROUNDS = 4  # 3.4.4: a session is four rounds (圈)


def seats_per_round(starting_seat: int) -> list[int]:
    """Appendix 4: the seat (0-3: East, South, West, North) taken in rounds 1-4 by the player who
    started at `starting_seat`: East starts 东.南.北.西, South 南.东.西.北, West 西.北.东.南, North 北.西.南.东
    (the 每圈座位 line of Appendix 5)."""
    return [round_seats((0, 1, 2, 3), round_index).index(starting_seat) for round_index in range(ROUNDS)]


def short_winds() -> list[str]:
    return [
        pgettext("wind, short", "E"),
        pgettext("wind, short", "S"),
        pgettext("wind, short", "W"),
        pgettext("wind, short", "N"),
    ]


def round_seats_label(starting_seat: int) -> str:
    """ "E.S.N.W": the seat of each round, written as on the paper form."""
    winds = short_winds()
    return ".".join(winds[seat] for seat in seats_per_round(starting_seat))


def can_print(user, tournament, sheet: ScoreSheet | None = None, granted=None) -> bool:
    """The organizer and the chief referee print any table; a referee the tables they referee.

    `granted`: the user's capabilities in the tournament, when the caller has them already."""
    if granted is None:
        granted = capabilities(user, tournament)
    if Capability.MANAGE in granted or Capability.SUPERVISE_SCORES in granted:
        return True
    return (
        sheet is not None
        and Capability.RECORD_SCORES in granted
        and user.is_authenticated
        and sheet.referee_id == user.pk
    )


def _signed(signature: SheetSignature | None, name: str) -> dict | None:
    if signature is None:
        return None
    return {"at": timezone.localtime(signature.signed_at), "by": name}


def _person(user) -> str:
    return (user.get_full_name() or user.get_username()) if user is not None else ""


def _player_note(result, adjustment) -> str:
    """What Appendix 5's 备注 cell of a player says on a filled sheet: what moves the contest points
    away from the last running total (penalty points, 3.11.2.2; a forfeit, 3.11.2.1)."""
    notes = []
    if adjustment.forfeit:
        notes.append(_("Forfeit (3.11.2.1): scores 0"))
    if result.transfers:
        notes.append(_("Penalty points %(points)+d") % {"points": result.transfers})
    if result.deductions:
        notes.append(_("Deducted %(points)d") % {"points": result.deductions})
    return "; ".join(notes)


def _page(
    *,
    session: Session,
    table: Table | None,
    seats: dict,
    sheet: ScoreSheet | None,
    hands: list,
    signatures: list,
    adjustments: list | None,
    marks: dict | None = None,
    objections: list | None = None,
    corrections: list | None = None,
) -> dict:
    """One printed sheet. `seats`: starting seat -> Registration; `sheet` None: a blank sheet. `marks`: the fouls
    recorded in each hand (extensions.hand_marks); `objections`: those made at the table (3.9.1.4); `corrections`:
    (hand number, time) of the hands corrected (from the audit)."""
    tournament = session.tournament
    moment = session.started_at or session.scheduled_start
    winds = [_("East"), _("South"), _("West"), _("North")]
    page = {
        "tournament": tournament,
        "session": session,
        "table": table,
        "date": timezone.localtime(moment).date() if moment else None,
        "blank": sheet is None,
        "sheet": sheet,
        "remarks": sheet.remarks if sheet else "",
        "referee": _person(sheet.referee) if sheet and sheet.referee_id else "",
    }
    players = [
        {"seat": seat, "wind": winds[seat], "registration": seats.get(seat), "rounds": round_seats_label(seat)}
        for seat in range(4)
    ]
    rows = [{"number": number, "cells": None, "sum": None, "running_sum": None} for number in range(1, MAX_HANDS + 1)]
    page.update(players=players, rows=rows)
    if sheet is None:
        return page
    running = [0, 0, 0, 0]
    for hand in hands:
        running = [total + delta for total, delta in zip(running, hand.deltas)]
        rows[hand.number - 1].update(
            cells=[{"delta": delta, "running": total} for delta, total in zip(hand.deltas, running)],
            sum=sum(hand.deltas),
            running_sum=sum(running),
            draw=hand.result == Hand.Result.DRAW,
        )
    results = table_results(running, adjustments, deductions_count_for_ranking=tournament.deductions_count_for_ranking)
    referee_signature = next((s for s in signatures if s.kind == SheetSignature.Kind.REFEREE), None)
    # The players' confirmations of the version the referee signed, else of the sheet as it is now.
    version = referee_signature.sheet_version if referee_signature else sheet.version
    confirmed = {
        s.registration_id: s for s in signatures if s.kind == SheetSignature.Kind.PLAYER and s.sheet_version == version
    }
    for player, result, adjustment in zip(players, results, adjustments):
        registration = player["registration"]
        player.update(
            contest_points=result.session_score,
            table_points=twelfths_display(result.table_points),
            note=_player_note(result, adjustment),
            signature=_signed(confirmed.get(registration.pk), registration.player.name) if registration else None,
        )
    contest_sum = sum(result.session_score for result in results)
    page.update(hand_details=_hand_details(hands, players))
    page["table_record"] = _table_record(marks or {}, objections or [], corrections or [], players,
                                         signed_at=sheet.locked_at if referee_signature else None)
    for number in {line["hand"] for line in page["table_record"]}:
        rows[number - 1]["marked"] = True
    page.update(
        hands_recorded=len(hands),
        totals=running,
        totals_sum=sum(running),
        contest_sum=contest_sum,
        deductions=sum(result.deductions for result in results),
        table_points_sum=twelfths_display(sum(result.table_points for result in results)),
        referee_signature=_signed(referee_signature, _person(referee_signature.user) if referee_signature else ""),
        # A signed sheet changed since by the chief referee or an appeal (the audit says how).
        changed_after_signing=bool(referee_signature) and sheet.version > referee_signature.sheet_version + 1,
    )
    return page


def _table_record(marks: dict, objections: list, corrections: list, players: list[dict], *, signed_at
                  ) -> list[dict]:
    """What happened at the table besides the scores, for Appendix 5's 备注 (3.9.1.4 "在《麻将竞赛成绩记录表》中
    记录竞赛有关事项"): the fouls of each hand (错和, 诈和 and the others, as the Record of Fouls words them) and the
    objections made at the table with the ruling on each, by hand: the chief referee's after signing, the
    referee's correction of the hand before it, or none. The hand rows they concern carry a mark."""
    winds = [player["wind"] for player in players]
    lines = [{"hand": number, "text": text} for number, texts in marks.items() for text in texts]

    def when(moment) -> str:
        return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")

    for objection in objections:
        rulings = list(objection.amendments.all())
        corrected = [at for number, at in corrections if number == objection.hand_number
                     and at >= objection.recorded_at and (signed_at is None or at < signed_at)]
        if rulings:
            ruling = "; ".join(_("ruled on %(when)s (%(article)s): %(reason)s") % {
                "when": when(change.changed_at), "article": change.article, "reason": change.reason}
                for change in rulings)
        elif corrected:
            ruling = _("the hand corrected at the table at %(when)s, before signing") % {"when": when(corrected[-1])}
        elif signed_at is not None:
            ruling = _("the hand stands as signed")
        else:
            ruling = _("to be ruled on by the referee")
        who = winds[objection.seat] if objection.seat is not None else ""
        lines.append({"hand": objection.hand_number, "text": _("Objection #%(id)d%(who)s: %(text)s — %(ruling)s") % {
            "id": objection.pk, "who": f" ({who})" if who else "", "text": objection.text, "ruling": ruling}})
    return sorted(lines, key=lambda line: line["hand"])


def _hand_details(hands: list, players: list[dict]) -> list[dict]:
    """The wins of a filled sheet with their tiles drawn as faces, and their fans: printed on a page of
    their own after the Appendix 5 form (whose grid has no room for tiles), so a player checking the
    sheet on paper reads each hand as it lay on the table (3.9.1.5: the scores come from the tiles)."""
    language = get_language() or "en"

    def seat(number):
        if number is None:
            return ""
        registration = players[number]["registration"]
        return f"{players[number]['wind']} {registration.entry_number}" if registration else players[number]["wind"]

    details = []
    for hand in hands:
        if hand.result != Hand.Result.WIN:
            continue
        details.append({
            "number": hand.number,
            "winner": seat(hand.winner),
            "discarder": seat(hand.discarder),
            "tiles": hand.tiles,
            "total": hand.total,
            "fans": [
                {"name": fan_display_name(FANS[fan["number"] - 1], language), "count": fan["count"],
                 "points": FANS[fan["number"] - 1].points}
                for fan in hand.fans
            ],
        })
    return details


def _pages(*, session: Session, tables: list, sheets: dict, blank: bool) -> list[dict]:
    """The pages of `tables` (Table or None) of `session`, each read with a few queries in all."""
    table_ids = [table.pk for table in tables if table is not None]
    seats: dict[int, dict] = {}
    for place in SeatAssignment.objects.filter(session=session, table_id__in=table_ids).select_related(
        "registration__player"
    ):
        seats.setdefault(place.table_id, {})[place.seat] = place.registration
    filled = [] if blank else [sheets[pk] for pk in table_ids if pk in sheets]
    hands: dict[int, list] = {}
    signatures: dict[int, list] = {}
    adjustments, objections, marks, corrections = {}, {}, {}, {}
    if filled:
        ids = [sheet.pk for sheet in filled]
        for hand in Hand.objects.filter(sheet_id__in=ids).order_by("sheet_id", "number"):
            hands.setdefault(hand.sheet_id, []).append(hand)
        for signature in SheetSignature.objects.filter(sheet_id__in=ids).select_related("user").order_by("signed_at"):
            signatures.setdefault(signature.sheet_id, []).append(signature)
        adjustments = sheet_adjustments(ids)
        for objection in HandObjection.objects.filter(sheet_id__in=ids).prefetch_related("amendments").order_by(
                "recorded_at", "pk"):
            objections.setdefault(objection.sheet_id, []).append(objection)
        if objections:  # the referee's corrections, which may have ruled on an objection before signing
            events = AuditEvent.objects.filter(tournament_id=session.tournament_id, action=AuditAction.HAND_CORRECTED,
                                               detail__sheet__in=list(objections))
            for event in events:
                corrections.setdefault(event.detail["sheet"], []).append((event.detail["number"], event.created_at))
        marks = {sheet_id: hand_marks(sheet_id) for sheet_id in ids}  # one query a sheet: a print, not the hand path
    pages = []
    for table in tables:
        sheet = None if blank or table is None else sheets.get(table.pk)
        pages.append(
            _page(
                session=session,
                table=table,
                seats=seats.get(table.pk, {}) if table else {},
                sheet=sheet,
                hands=hands.get(sheet.pk, []) if sheet else [],
                signatures=signatures.get(sheet.pk, []) if sheet else [],
                adjustments=adjustments.get(sheet.pk) if sheet else None,
                marks=marks.get(sheet.pk) if sheet else None,
                objections=objections.get(sheet.pk) if sheet else None,
                corrections=corrections.get(sheet.pk) if sheet else None,
            )
        )
    return pages


def paper_sheet_pages(*, user, sheet_id: int) -> dict:
    """The filled sheet of one table, for a user who may print it; 404 otherwise."""
    sheet = ScoreSheet.objects.select_related("session__tournament", "table", "referee").filter(pk=sheet_id).first()
    if sheet is None or not can_print(user, sheet.session.tournament, sheet):
        raise NotFound("No such sheet.")
    pages = _pages(session=sheet.session, tables=[sheet.table], sheets={sheet.table_id: sheet}, blank=False)
    for page in pages:  # one table: its hands' tiles on a page after the form
        page["with_hands"] = True
    return {"pages": pages, "filename": f"score-sheet-s{sheet.session.number}-t{sheet.table.number}.pdf"}


def session_print_scope(
    *, user, tournament_id: int, number: int, table_number: int | None = None
) -> tuple[Session, list[Table | None]]:
    """Session `number` and the tables whose sheets `user` may print, in order: every table for the
    organizer and the chief referee, a referee's own tables this session; anyone else (or a table not in
    play) 404. The tables are those seated in the session; before the seating, every table of the
    tournament, or [None] (one page with no table number) if there are none yet."""
    session = Session.objects.select_related("tournament").filter(tournament_id=tournament_id, number=number).first()
    if session is None:
        raise NotFound("No such session.")
    tournament = session.tournament
    tables = _session_tables(session, table_number)
    if table_number is not None and not tables:
        raise NotFound("No such table.")
    granted = capabilities(user, tournament)
    if can_print(user, tournament, granted=granted):
        return session, tables or [None]
    sheets = {sheet.table_id: sheet for sheet in session.sheets.all()}
    tables = [table for table in tables if can_print(user, tournament, sheets.get(table.pk), granted=granted)]
    if not tables:
        raise NotFound("No such session.")
    return session, tables


def _session_tables(session: Session, table_number: int | None) -> list[Table]:
    tables = Table.objects.filter(tournament_id=session.tournament_id)
    if session.seats.exists():
        tables = tables.filter(pk__in=session.seats.values("table_id"))
    if table_number is not None:
        tables = tables.filter(number=table_number)
    return list(tables.order_by("number"))


def _session_pages(session: Session, tables: list[Table | None], *, blank: bool, hands: bool) -> list[dict]:
    sheets = {sheet.table_id: sheet for sheet in session.sheets.select_related("table", "referee")}
    pages = _pages(session=session, tables=tables, sheets=sheets, blank=blank)
    for page in pages:  # a whole session prints the forms alone unless the hands' tiles are asked for
        page["with_hands"] = hands
    return pages


def paper_session_pages(
    *, user, tournament_id: int, number: int, blank: bool, table_number: int | None = None, hands: bool = False
) -> dict:
    """Session `number`'s sheets as `session_print_scope` gives them to `user`, one page per table: blank, or
    filled where the table has a recorded sheet (the pages, and the file's name)."""
    session, tables = session_print_scope(user=user, tournament_id=tournament_id, number=number,
                                          table_number=table_number)
    options = {"session": number, "form": "blank" if blank else "filled", "table": table_number}
    return {"pages": _session_pages(session, tables, blank=blank, hands=hands),
            "filename": _session_filename(None, options)}


# The session's sheets as a big document made by the worker (prints, issue 30): ten tables a
# part. Options: the session's number, the form ("blank", "filled"), one table's number or None, whether the
# hands' tiles follow each form, and the tables this user prints (None: every table, for the organizer and
# the chief referee; a referee's own otherwise).
SHEETS_PER_PART = 10


def session_print_options(*, user, tournament_id: int, number: int, form: str, table_number: int | None,
                          hands: bool) -> dict:
    """The options of the session's sheets as `user` may print them (NotFound when they may not)."""
    if form not in ("blank", "filled"):
        raise NotFound("No such form.")
    session = Session.objects.select_related("tournament").filter(tournament_id=tournament_id, number=number).first()
    if session is None:
        raise NotFound("No such session.")
    own = None
    if can_print(user, session.tournament):  # every table: asked on every look at the progress page, so cheap
        if table_number is not None and not _session_tables(session, table_number):
            raise NotFound("No such table.")
    else:
        _session, tables = session_print_scope(user=user, tournament_id=tournament_id, number=number,
                                               table_number=table_number)
        own = [table.number for table in tables]
    return {"session": number, "form": form, "table": table_number, "hands": hands, "tables": own}


def _session_authorize(user, tournament, options: dict) -> None:
    asked = session_print_options(user=user, tournament_id=tournament.pk, number=options["session"],
                                  form=options["form"], table_number=options["table"], hands=options["hands"])
    if asked != options:  # a referee's tables changed since, or another user's document
        raise NotFound("No such document.")


def _session_in_print(tournament, options: dict) -> tuple[Session, list[Table | None]]:
    session = Session.objects.select_related("tournament").get(tournament=tournament, number=options["session"])
    if options["tables"] is not None:  # a referee's own tables
        return session, list(Table.objects.filter(tournament=tournament, number__in=options["tables"])
                             .order_by("number"))
    return session, _session_tables(session, options["table"]) or [None]


def _session_version(tournament, options: dict):
    """What the sheets show, read cheaply: the session, its sheets' versions (every hand, remark and
    correction moves one), signatures, the seats and the players' names, the adjustments (penalties)."""
    session, tables = _session_in_print(tournament, options)
    table_ids = [table.pk for table in tables if table is not None]
    sheets = list(ScoreSheet.objects.filter(session=session, table_id__in=table_ids)
                  .order_by("table_id").values_list("pk", "table_id", "version", "status", "remarks", "referee_id"))
    sheet_ids = [row[0] for row in sheets]
    return (
        tournament.name, tournament.deductions_count_for_ranking, str(tournament.time_zone),
        session.pk, session.status, session.started_at, session.scheduled_start, [t and t.number for t in tables],
        list(SeatAssignment.objects.filter(session=session, table_id__in=table_ids).order_by("table_id", "seat")
             .values_list("table_id", "seat", "registration__entry_number", "registration__player__name")),
        sheets if options["form"] == "filled" else [],
        list(SheetSignature.objects.filter(sheet_id__in=sheet_ids).order_by("pk").values_list("pk", "sheet_version"))
        if options["form"] == "filled" else [],
        sorted(sheet_adjustments(sheet_ids).items()) if options["form"] == "filled" else [],
    )


def _session_parts(tournament, options: dict) -> list:
    _session, tables = _session_in_print(tournament, options)
    return documents.chunked([table.number if table else None for table in tables], SHEETS_PER_PART)


def _session_render(tournament, options: dict, numbers: list) -> bytes:
    session = Session.objects.select_related("tournament").get(tournament=tournament, number=options["session"])
    by_number = {table.number: table for table in Table.objects.filter(tournament=tournament, number__in=numbers)}
    tables = [by_number.get(number) for number in numbers]
    return paper_pdf(_session_pages(session, tables, blank=options["form"] == "blank", hands=options["hands"]))


def _session_filename(tournament, options: dict) -> str:
    suffix = f"-t{options['table']}" if options["table"] is not None else ""
    return f"score-sheets-s{options['session']}{suffix}-{options['form']}.pdf"


def _session_title(options: dict) -> str:
    if options["form"] == "blank":
        return _("Blank score sheets, session %(session)s") % options
    return _("Score sheets as recorded, session %(session)s") % options


SESSION_SHEETS = documents.print_kind_register(documents.PrintKind(
    name="session-sheets", title=_session_title, authorize=_session_authorize, version=_session_version,
    parts=_session_parts, render=_session_render, filename=_session_filename,
))


def paper_html(pages: list[dict]) -> str:
    return render_to_string("tournaments/sheets/paper_sheet.html", {"pages": pages, "language": get_language() or "en"})


def paper_pdf(pages: list[dict]) -> bytes:
    """A4 portrait (tournaments.documents)."""
    return documents.html_to_pdf(paper_html(pages))
