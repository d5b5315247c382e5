"""Reads for the exports: the hand-by-hand record of a tournament's signed sheets."""

from tournaments.models import Hand, ScoreSheet, SeatAssignment, SheetAmendment, Tournament


def hands_record(*, tournament: Tournament) -> list[dict]:
    """Every hand of the signed sheets (as corrected), in session, table and hand order, with the
    four players' entry numbers by starting seat and whether the hand was changed after signing."""
    sheets = {
        row["id"]: row
        for row in ScoreSheet.objects.filter(session__tournament=tournament, status=ScoreSheet.Status.LOCKED).values(
            "id", "session_id", "table_id", "session__number", "table__number"
        )
    }
    entries: dict[tuple[int, int], list] = {}
    for row in SeatAssignment.objects.filter(session__tournament=tournament).values(
        "session_id", "table_id", "seat", "registration__entry_number"
    ):
        entries.setdefault((row["session_id"], row["table_id"]), [None] * 4)[row["seat"]] = row[
            "registration__entry_number"
        ]
    corrected = set(
        SheetAmendment.objects.filter(sheet_id__in=list(sheets)).values_list("sheet_id", "hand_number")
    )
    rows = []
    for hand in Hand.objects.filter(sheet_id__in=list(sheets)).values(
        "sheet_id", "number", "result", "winner", "discarder", "tiles", "flowers", "last_of_kind",
        "last_wall_tile", "kong_replacement", "robbing_kong", "fans", "fan_points", "total", "verified",
        "d0", "d1", "d2", "d3",
    ):
        sheet = sheets[hand["sheet_id"]]
        rows.append({
            **hand,
            "session": sheet["session__number"],
            "table": sheet["table__number"],
            "entries": entries.get((sheet["session_id"], sheet["table_id"]), [None] * 4),
            "corrected": (hand["sheet_id"], hand["number"]) in corrected,
        })
    rows.sort(key=lambda row: (row["session"], row["table"], row["number"]))
    return rows
