"""The seams through which higher apps feed the tournament core.

The core never imports `penalties` (or any app above it). An app that knows something the core's
results depend on registers a provider here from its AppConfig.ready(); the core asks every
registered provider and combines the answers. The seams:

- sheet adjustments: per score sheet and starting seat, points transferred between players
  (zero-sum) and points deducted (given to nobody); used for session scores and rankings;
- win refusals: whether a player may not win a given hand (停和, 3.11.3; 停赛, 3.11.4: no win from
  the hand of the foul on), so the score sheet refuses such a win;
- standing flags: players the standings must mark: "disqualified" (停赛, 3.11.4) keep the rank
  earned so far but hold no seat in later sessions (a table holding one is not started);
  "rank_cancelled" (3.11.5) take no rank, count in no team total and are struck from the results;
  anyone flagged at all (also a substitute stood down) needs no seat in later sessions;
- hand marks: short texts on a sheet's hand rows (the fouls recorded in that hand);
- links on core pages, panels on the organizer's board, and sections of the tournament archive;
- player badges: what a player holds beyond this tournament (the Pin), beside their name.

Providers take ids, not model instances, and answer in bulk so standings for thousands of sheets
cost one query per provider. See docs/extension-points.md.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class SeatAdjustment:
    transfers: int = 0  # received (+) or paid (-) between players; a table's transfers sum to zero
    deductions: int = 0  # taken away and given to nobody (3.11.2.2); never negative
    # 3.11.2.1 "超过15分钟按自动弃权处理，本局为0分": more than 15 minutes late forfeits the session:
    # session score 0 and 0 table points; no text lets anyone give it more.
    forfeit: bool = False

    def __add__(self, other: "SeatAdjustment") -> "SeatAdjustment":
        return SeatAdjustment(
            self.transfers + other.transfers,
            self.deductions + other.deductions,
            self.forfeit or other.forfeit,
        )


NO_ADJUSTMENT = SeatAdjustment()


@dataclass(frozen=True)
class WinAt:
    """A win being entered: its sheet, the sheet's session and table (where the hand is played, so a
    provider finds who sits in the seat without reading the sheet again), the hand's number and the
    winner's starting seat."""

    sheet_id: int
    session_id: int
    table_id: int
    hand_number: int
    seat: int

# sheet ids -> {sheet id: {starting seat: SeatAdjustment}}
AdjustmentProvider = Callable[[Iterable[int]], dict[int, dict[int, SeatAdjustment]]]
# a win being entered -> a reason shown to the referee, or None
WinRefusalProvider = Callable[[WinAt], str | None]

# tournament id -> {registration id: {"disqualified": True, "rank_cancelled": True} or {"stood_down": True}}
StandingFlagsProvider = Callable[[int], dict[int, dict]]

_adjustment_providers: list[AdjustmentProvider] = []
_win_refusal_providers: list[WinRefusalProvider] = []
_standing_flags_providers: list[StandingFlagsProvider] = []


def register_adjustment_provider(provider: AdjustmentProvider) -> None:
    if provider not in _adjustment_providers:
        _adjustment_providers.append(provider)


def register_win_refusal_provider(provider: WinRefusalProvider) -> None:
    if provider not in _win_refusal_providers:
        _win_refusal_providers.append(provider)


def register_standing_flags_provider(provider: StandingFlagsProvider) -> None:
    if provider not in _standing_flags_providers:
        _standing_flags_providers.append(provider)


def standing_flags(tournament_id: int) -> dict[int, dict]:
    flags: dict[int, dict] = {}
    for provider in _standing_flags_providers:
        for registration_id, marks in provider(tournament_id).items():
            flags.setdefault(registration_id, {}).update(marks)
    return flags


def sheet_adjustments(sheet_ids: Iterable[int]) -> dict[int, list[SeatAdjustment]]:
    """For each sheet, the four starting seats' combined adjustments."""
    sheet_ids = list(sheet_ids)
    combined = {sheet_id: [NO_ADJUSTMENT] * 4 for sheet_id in sheet_ids}
    for provider in _adjustment_providers:
        for sheet_id, seats in provider(sheet_ids).items():
            for seat, adjustment in seats.items():
                combined[sheet_id][seat] = combined[sheet_id][seat] + adjustment
    return combined


# --- marks on the sheet's hand rows ---------------------------------------------------------------
# sheet id -> {hand number: [short texts]}, e.g. the fouls recorded in that hand (penalties), so the
# tablet's sheet shows them on the hand's row, not only in the session result.
HandMarksProvider = Callable[[int], dict[int, list[str]]]
_hand_marks_providers: list[HandMarksProvider] = []


def register_hand_marks_provider(provider: HandMarksProvider) -> None:
    if provider not in _hand_marks_providers:
        _hand_marks_providers.append(provider)


def hand_marks(sheet_id: int) -> dict[int, list[str]]:
    marks: dict[int, list[str]] = {}
    for provider in _hand_marks_providers:
        for number, texts in provider(sheet_id).items():
            marks.setdefault(number, []).extend(texts)
    return marks


def win_refusal(win: WinAt) -> str | None:
    for provider in _win_refusal_providers:
        reason = provider(win)
        if reason:
            return reason
    return None


# --- the basis of a change to a signed sheet (3.9.1.4, 3.11.6.11(7)) -------------------------------
# A signed sheet changes only through an upheld appeal (3.12, 3.13), which the core cannot see: the
# appeals app registers a checker for the basis "appeal". checker(sheet id, reference) answers a
# BasisVerdict: whether the reference (the appeal's number) allows changing that sheet, the message
# for the chief referee when not, and the article the change rests on.


@dataclass(frozen=True)
class BasisVerdict:
    allowed: bool
    message: str = ""
    article: str = ""


BasisChecker = Callable[[int, str], BasisVerdict]
_basis_checkers: dict[str, BasisChecker] = {}


def register_amendment_basis(kind: str, checker: BasisChecker) -> None:
    if _basis_checkers.get(kind, checker) is not checker:
        raise ValueError(f"a checker for the basis {kind!r} is registered already")
    _basis_checkers[kind] = checker


def amendment_basis_check(kind: str, sheet_id: int, reference: str) -> BasisVerdict | None:
    """The registered checker's verdict, or None when no app checks this kind of basis."""
    checker = _basis_checkers.get(kind)
    return checker(sheet_id, reference) if checker else None


# --- where a false win is recorded (3.11.6.6) -------------------------------------------------------
# Under declared scoring a declaration under 8 on tiles worth 8 is a false win (错和): the hand is
# refused as a win and the referee is offered to record the penalty. The penalties app names its
# page (a URL name taking the sheet id; it reads foul, offender and hand_number from the query).
_false_win_pages: list[str] = []


def register_false_win_page(url_name: str) -> None:
    if url_name not in _false_win_pages:
        _false_win_pages.append(url_name)


def false_win_page() -> str | None:
    return _false_win_pages[0] if _false_win_pages else None


# Links the apps above the core add to core pages. A place names the page and the object a link is
# for, and so the URL's arguments:
# - "tournament": the tournament page; URL name taking the tournament id;
# - "session": each session, on the tournament page and the organizer's board; URL name taking the
#   tournament id and the session number;
# - "sheet": the referee's sheet page; URL name taking the sheet id.
# A link is shown to users holding `capability` (everyone when it is None) for whom
# `predicate(user, obj)` is true (always when it is None), `obj` being the place's tournament,
# session or sheet: so a link is shown only where the page it leads to opens.
# "seats": where a tournament's seats are drawn (the pre-flight before a session links there; obj = the tournament).
_links: dict[str, list[tuple]] = {"sheet": [], "tournament": [], "session": [], "seats": []}


def register_link(place: str, label, url_name: str, capability=None, predicate: Callable | None = None) -> None:
    entry = (label, url_name, capability, predicate)
    if entry not in _links[place]:
        _links[place].append(entry)


def _tournament_of(place: str, obj):
    if place in ("tournament", "seats"):
        return obj
    if place == "session":
        return obj.tournament
    return obj.session.tournament


def _link_args(place: str, obj) -> list:
    if place == "session":
        return [obj.tournament_id, obj.number]
    return [obj.pk]


def visible_links(place: str, user, obj, granted=None) -> list[tuple]:
    """(label, url) of the links of `place` that `user` may follow for `obj`.

    `granted`: the user's capabilities in the tournament, when the caller has them already (a page
    listing every session asks once, not once per session).
    """
    from django.urls import reverse

    from tournaments.access import capabilities

    if granted is None:
        granted = capabilities(user, _tournament_of(place, obj))
    return [
        (label, reverse(url_name, args=_link_args(place, obj)))
        for label, url_name, capability, predicate in _links[place]
        if (capability is None or capability in granted) and (predicate is None or predicate(user, obj))
    ]


# Panels the apps above the core add to the organizer's board: (template name, function of
# (tournament, user) returning the panel's context, or None to show nothing).
_board_panels: list[tuple[str, Callable]] = []


def register_board_panel(template_name: str, context: Callable) -> None:
    if (template_name, context) not in _board_panels:
        _board_panels.append((template_name, context))


def board_panels(tournament, user) -> list[dict]:
    panels = []
    for template_name, context in _board_panels:
        values = context(tournament, user)
        if values is not None:
            panels.append({"template": template_name, "context": values})
    return panels


@dataclass(frozen=True)
class TableArchiveSection:
    """A key an app adds to each table of the tournament archive (docs/archive.md), e.g. penalties.

    - export(sheet ids) -> {sheet id: [items]}, players named by entry number (text);
    - check(items, seats, rules, hands) -> problems (translated messages), with `seats` the table's
      entry numbers East, South, West, North and `hands` how many hands the file gives the table
      (they are saved before the section); nothing is written;
    - save(sheet, items, registration ids by entry number, actor): writes the items of one imported
      (locked) sheet, inside the import's transaction.
    - needs_table: check also gets `table=` the table's whole object as written in the file (e.g. the
      appeals of a table name the penalties listed beside them).

    Sections are saved in the order they are registered (INSTALLED_APPS order: penalties before
    appeals, whose penalty appeals link the table's penalties saved just before).
    """

    key: str
    export: Callable
    check: Callable
    save: Callable
    needs_table: bool = False


_archive_sections: dict[str, TableArchiveSection] = {}


def register_archive_section(section: TableArchiveSection) -> None:
    _archive_sections[section.key] = section


def archive_sections() -> list[TableArchiveSection]:
    return list(_archive_sections.values())


@dataclass(frozen=True)
class TournamentArchiveSection:
    """A key an app adds to the archive's "tournament" object (docs/archive.md): a setting of its
    own that results depend on, e.g. the penalties' escalation after 20.

    - export(tournament) -> a JSON value, or None to leave the key out;
    - check(value) -> problems (translated messages); nothing is written;
    - save(tournament, value, actor): writes it for the imported tournament, inside the import's
      transaction and before any table section is saved (those may depend on it);
    - finish(tournament, value, actor), optional: called once the players, sessions and hands are
      saved, still inside the import's transaction (a ValidationError undoes the whole import), for
      what depends on the results (the Pin register's registration and certificates).
    """

    key: str
    export: Callable
    check: Callable
    save: Callable
    finish: Callable | None = None


_tournament_archive_sections: dict[str, TournamentArchiveSection] = {}


def register_tournament_archive_section(section: TournamentArchiveSection) -> None:
    _tournament_archive_sections[section.key] = section


def tournament_archive_sections() -> list[TournamentArchiveSection]:
    return list(_tournament_archive_sections.values())


# --- audit sentences ---------------------------------------------------------------------------
# The audit page shows each event as a sentence (tournaments.core.audit_display). The catalogue of
# actions is the core's (tournaments.audit.AuditAction, one place to read), but the words for an
# app's events are the app's: it registers {action: sentence(detail, event, places) -> str}.

_audit_sentences: dict[str, Callable] = {}


def register_audit_sentences(sentences: dict) -> None:
    """Register an app's sentences; one sentence per action (a second, different one is refused)."""
    for action, sentence in sentences.items():
        if _audit_sentences.get(action, sentence) is not sentence:
            raise ValueError(f"a sentence for {action} is registered already")
        _audit_sentences[action] = sentence


def audit_sentence(action: str) -> Callable | None:
    """The sentence an app registered for `action`, if any."""
    return _audit_sentences.get(action)



# Results not yet final (issue 13, "Finished when the last session's results are final"): what an app
# above the core still waits for before the tournament can finish, e.g. an appeal window still open
# (3.12.2) or an appeal not decided (3.12-3.13). A provider takes (tournament id, now) and returns
# ResultsPending items; `until` is when the item clears by itself (a window's close), None if someone
# must act. The core finishes the tournament once no provider returns anything.
@dataclass(frozen=True)
class ResultsPending:
    message: str
    until: object = None  # datetime | None
    url_name: str = ""  # a page to deal with it, reversed with the tournament's id


ResultsPendingProvider = Callable[[int, object], list[ResultsPending]]
_results_pending_providers: list[ResultsPendingProvider] = []


def register_results_pending_provider(provider: ResultsPendingProvider) -> None:
    if provider not in _results_pending_providers:
        _results_pending_providers.append(provider)


def results_pending(tournament_id: int, now) -> list[ResultsPending]:
    pending: list[ResultsPending] = []
    for provider in _results_pending_providers:
        pending.extend(provider(tournament_id, now))
    return pending


# Sections the apps above the core add to a player's own records page (the fouls recorded against
# them, their appeals): (template name, function of (registration, user) returning the section's
# context, or None to show nothing). The page itself checks who may read it (the player, their team
# leader, the tournament's staff); a section shows only what is the player's own.
_player_sections: list[tuple[str, Callable]] = []


def register_player_section(template_name: str, context: Callable) -> None:
    if (template_name, context) not in _player_sections:
        _player_sections.append((template_name, context))


def player_sections(registration, user) -> list[dict]:
    sections = []
    for template_name, context in _player_sections:
        values = context(registration, user)
        if values is not None:
            sections.append({"template": template_name, "context": values})
    return sections


# --- fouls for the statistics (tournaments.statistics) ----------------------------------------------
# The statistics count the false wins (错和/诈和, 3.11.6.6) and other fouls recorded against each
# player; the core cannot read the penalties app, which registers a provider: tournament id -> the
# fouls in force (cancelled ones left out), each on its sheet and hand.


@dataclass(frozen=True)
class FoulRecord:
    sheet_id: int
    hand_number: int | None
    registration_id: int
    code: str  # the foul's code in the app's catalogue, e.g. "false_win"
    article: str  # e.g. "3.11.6.6(1)"
    false_win: bool  # 错和 or 诈和 (3.11.6.6)
    points: int = 0


FoulRecordsProvider = Callable[[int], list[FoulRecord]]
_foul_records_providers: list[FoulRecordsProvider] = []
# code -> a function of the language code giving the foul's name in it (the app's catalogue)
_foul_names: dict[str, Callable[[str], str]] = {}


def register_foul_records_provider(provider: FoulRecordsProvider, names: dict[str, Callable] | None = None) -> None:
    if provider not in _foul_records_providers:
        _foul_records_providers.append(provider)
    _foul_names.update(names or {})


def foul_records(tournament_id: int) -> list[FoulRecord]:
    records: list[FoulRecord] = []
    for provider in _foul_records_providers:
        records.extend(provider(tournament_id))
    return records


def foul_name(code: str, language: str) -> str:
    name = _foul_names.get(code)
    return name(language) if name else code


# --- standings listeners ---------------------------------------------------------------------
# An app that keeps a copy of a tournament's results (the Pin register freezes them at registration)
# learns that the standings changed: listener(tournament id, new version), called inside the recompute's
# transaction once a new snapshot is stored; a listener that writes or queues work does so on commit.

_standings_listeners: list[Callable] = []


def register_standings_listener(listener: Callable) -> None:
    if listener not in _standings_listeners:
        _standings_listeners.append(listener)


def standings_changed(tournament_id: int, version: int) -> None:
    for listener in _standings_listeners:
        listener(tournament_id, version)


# --- badges beside a player's name ------------------------------------------------------------------
# What a player holds beyond this tournament, shown beside their name on the standings and the
# player's page: the Pin (品级, Appendix 9) from the pin_ranking app. A provider takes player ids
# (tournaments.Player, the person across tournaments) and answers in bulk, one query for a whole
# standings table: {player id: [PlayerBadge, ...]}. Public information only: the page is public.


@dataclass(frozen=True)
class PlayerBadge:
    text: str  # short, shown beside the name ("3品", "Pin 3")
    title: str = ""  # the longer words for a tooltip and screen readers
    url: str = ""  # where it is shown in full (the public Pin register)


PlayerBadgesProvider = Callable[[set[int]], dict[int, list[PlayerBadge]]]
_player_badges_providers: list[PlayerBadgesProvider] = []


def register_player_badges_provider(provider: PlayerBadgesProvider) -> None:
    if provider not in _player_badges_providers:
        _player_badges_providers.append(provider)


def player_badges(player_ids: Iterable[int]) -> dict[int, list[PlayerBadge]]:
    ids = set(player_ids)
    badges: dict[int, list[PlayerBadge]] = {}
    if not ids:
        return badges
    for provider in _player_badges_providers:
        for player_id, found in provider(ids).items():
            badges.setdefault(player_id, []).extend(found)
    return badges
