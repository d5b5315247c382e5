"""The seams through which higher apps feed the tournament core: one typed registry of them, `seams`.

The core never imports `penalties` (or any app above it). An app that knows something the core's
results or pages depend on registers an entry in a seam from its `hooks.register()` (called by its
AppConfig.ready()); the core asks every entry and combines the answers. Each seam is a
`Registry[T]` of one type of entry: a provider function, or a dataclass (a link, a panel, an archive
section...). `seams` lists them all (docs/extension-points.md says what each is for):

- sheet_adjustments: per score sheet and starting seat, points transferred between players
  (zero-sum) and points deducted (given to nobody); used for session scores and rankings;
- hand_rulings: what a hand being entered may not be, and who does not pay in it (`HandRuling`): a
  player who may not win it (停和, 3.11.3), a seat that takes no further part (a forfeit, 3.11.2.1:
  named neither as winner nor as discarder, and paying nobody; 停赛, 3.11.4), a table whose session
  ended at a 停赛 (the organizer's regulation); the score sheet refuses such a hand;
- standing_flags: players the standings must mark (`StandingFlags`): disqualified (停赛, 3.11.4)
  keep the rank earned so far but hold no seat in later sessions; rank cancelled (3.11.5) take no
  rank, count in no team total and are struck from the results; anyone flagged at all (a substitute
  stood down too) needs no seat in later sessions;
- hand_marks: short texts on a sheet's hand rows (the fouls recorded in that hand);
- links on core pages, panels on the organizer's board and on a player's page, and sections of the
  tournament archive; player badges (the Pin beside a name); audit sentences; and more below.

Providers take ids, not model instances, and answer in bulk so standings for thousands of sheets
cost one query per provider. Tests put their own entries in a seam for one test with the
`swap_seam` fixture (testing.fixtures), which uses `Registry.override`.
"""

import contextlib
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Generic, NamedTuple, TypeVar

T = TypeVar("T")


class Registry(Generic[T]):
    """The entries of one seam, in the order registered (INSTALLED_APPS order: penalties before appeals).

    The same entry registered twice is kept once (ready() may run twice in a test process). With
    `key`, entries are unique by it: a different entry under a key taken already is refused.
    """

    def __init__(self, name: str, *, key: Callable[[T], Hashable] | None = None):
        self.name = name
        self._key = key
        self._entries: list[T] = []

    def register(self, entry: T) -> T:
        if entry in self._entries:
            return entry
        if self._key is not None:
            taken = [other for other in self._entries if self._key(other) == self._key(entry)]
            if taken:
                raise ValueError(f"{self.name}: {self._key(entry)} is registered already")
        self._entries.append(entry)
        return entry

    def __iter__(self) -> Iterator[T]:
        return iter(tuple(self._entries))

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> T | None:
        """The entry under `key` (a keyed registry), or None."""
        return next((entry for entry in self._entries if self._key(entry) == key), None)

    @contextlib.contextmanager
    def override(self, *entries: T):
        """Within the block the seam holds `entries` only (tests: the `swap_seam` fixture)."""
        saved = self._entries
        self._entries = []
        try:
            for entry in entries:
                self.register(entry)
            yield self
        finally:
            self._entries = saved


# --- what the seams carry ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatAdjustment:
    transfers: int = 0  # received (+) or paid (-) between players; a table's transfers sum to zero
    deductions: int = 0  # taken away and given to nobody (3.11.2.2); never negative
    # 3.11.2.1: more than 15 minutes late forfeits the session: session score 0 and 0 table points;
    # no text lets anyone give it more (docs/sessions-and-check-in.md).
    forfeit: bool = False
    # 3.11.4 停赛 at this table: the hand of the foul (0: none). From it the player takes no further part;
    # by the organizer's regulation the table's session ends there or a substitute sits in from the next
    # hand (`stand_in`). Either way the seat takes no place (4th, 0 table points) and the three others take
    # 4-2-1 by their scores (scoring/READINGS.md P3).
    disqualified_in_hand: int = 0
    # A substitute played the seat's later hands: the seat's session, two players' hands, counts for no one.
    # Ended at the foul: the seat's score as recorded counts for the 停赛 player.
    stand_in: bool = False

    @property
    def unplaced(self) -> bool:
        """The seat takes no place at the table: 0 table points, below the others (3.11.2.1, 3.11.4)."""
        return self.forfeit or bool(self.disqualified_in_hand)

    def __add__(self, other: "SeatAdjustment") -> "SeatAdjustment":
        hands = [hand for hand in (self.disqualified_in_hand, other.disqualified_in_hand) if hand]
        return SeatAdjustment(
            self.transfers + other.transfers,
            self.deductions + other.deductions,
            self.forfeit or other.forfeit,
            min(hands, default=0),
            self.stand_in or other.stand_in,
        )


NO_ADJUSTMENT = SeatAdjustment()


@dataclass(frozen=True)
class HandRuling:
    """What the apps above say of a hand being entered: why it may not be recorded as entered (shown to the
    referee; None: it may), and the starting seats that take no part in the session, which nobody pays for
    (a forfeit, 3.11.2.1; scoring/READINGS.md P2). One statement answers both on the busiest write."""

    refusal: str | None = None
    absent: frozenset[int] = frozenset()


NO_RULING = HandRuling()


@dataclass(frozen=True)
class HandAt:
    """A hand being entered: its sheet, the sheet's session and table (where the hand is played, so a
    provider finds who sits in each seat without reading the sheet again), the hand's number, and the
    starting seats of the winner and the discarder (None: a draw; None: self-drawn, the three others pay)."""

    sheet_id: int
    session_id: int
    table_id: int
    hand_number: int
    winner: int | None
    discarder: int | None = None


@dataclass(frozen=True)
class StandingFlags:
    """How the standings and the seating treat a player (any flag: no seat in later sessions)."""

    disqualified: bool = False  # 停赛 (3.11.4): keeps the rank earned so far, marked; cannot be seated
    rank_cancelled: bool = False  # 3.11.5: no rank, no team or group total, struck from the results; no seat
    stood_down: bool = False  # a substitute whose player's disqualification was cancelled

    @property
    def out(self) -> bool:
        """Takes no further part in the competition: 停赛 (3.11.4) or a cancelled rank (3.11.5, READINGS.md P4)."""
        return self.disqualified or self.rank_cancelled

    def __or__(self, other: "StandingFlags") -> "StandingFlags":
        return StandingFlags(
            self.disqualified or other.disqualified,
            self.rank_cancelled or other.rank_cancelled,
            self.stood_down or other.stood_down,
        )


@dataclass(frozen=True)
class BasisVerdict:
    """Whether a reference (an appeal's number) allows changing a signed sheet, the message for the
    chief referee when not, and the article the change rests on."""

    allowed: bool
    message: str = ""
    article: str = ""


@dataclass(frozen=True)
class AmendmentBasis:
    """A signed sheet changes only through an upheld appeal (3.12, 3.13), which the core cannot see:
    `check(sheet id, reference) -> BasisVerdict` for one kind of basis ("appeal")."""

    kind: str
    check: Callable[[int, str], BasisVerdict]


# Link places: the page and the object a link is for, and so the URL's arguments:
# "tournament" (the tournament page; URL takes the tournament id), "seats" (where a tournament's seats
# are drawn, linked from the pre-flight; the tournament id), "session" (each session, on the
# tournament page and the organizer's board; the tournament id and the session number), "sheet" (the
# referee's sheet page; the sheet id), "standings" (beside the standings; the tournament id), "results"
# (below the final results, for ranking bodies and researchers; the tournament id), "player" (a player's
# standings page: a PlayerPlace; the tournament id and the entry number), "home" (the home page, for
# those who may create tournaments; no object, no argument: give such a link a predicate, not a capability),
# "staff" (where a tournament's roles are given, linked from the organizer's day; the tournament id),
# "referees" (where a session's tables get their referees: each session's row and the pre-flight; the
# session id), "roster" (where players and teams are imported, linked from the organizer's day; the
# tournament id), "registrations" (the registrations page's buttons; the tournament id), "registration"
# (each registration's row there; the registration id).
LINK_PLACES = (
    "tournament", "seats", "session", "sheet", "standings", "results", "player", "home", "staff", "referees",
    "roster", "registrations", "registration",
)


class PlayerPlace(NamedTuple):
    """A player's page, as a link place's object: the tournament and the entry number."""

    tournament: object
    entry: int


@dataclass(frozen=True)
class Link:
    """A link an app adds to a core page, shown to users holding `capability` (everyone when None)
    for whom `predicate(user, obj)` holds (always when None), `obj` being the place's tournament,
    session or sheet: so a link is shown only where the page it leads to opens."""

    place: str
    label: object  # a lazily translated string
    url_name: str
    capability: object = None
    predicate: Callable | None = None

    def __post_init__(self):
        if self.place not in LINK_PLACES:
            raise ValueError(f"unknown link place {self.place!r}: one of {LINK_PLACES}")


class VisibleLink(NamedTuple):
    label: str
    url: str


@dataclass(frozen=True)
class Panel:
    """A panel an app adds to a core page: its template and `context(obj, user)` -> the template's
    context, or None to show nothing (the organizer's board: obj the tournament; a player's records
    page: obj the registration; a roster file imported: obj the tournament)."""

    template: str
    context: Callable


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


@dataclass(frozen=True)
class AuditSentence:
    """The audit page's sentence for one of an app's actions: `sentence(detail, event, places) -> str`.
    The catalogue of actions is the core's (tournaments.audit.AuditAction); the words are the app's."""

    action: str
    sentence: Callable


@dataclass(frozen=True)
class ResultsPending:
    """What an app still waits for before the tournament can finish (an appeal window open, 3.12.2;
    an appeal undecided, 3.12-3.13). `until`: when it clears by itself (a window's close), None if
    someone must act."""

    message: str
    until: object = None  # datetime | None
    url_name: str = ""  # a page to deal with it, reversed with the tournament's id


@dataclass(frozen=True)
class FoulRecord:
    """A foul in force (cancelled ones left out), on its sheet and hand, for the statistics."""

    sheet_id: int
    hand_number: int | None
    registration_id: int
    code: str  # the foul's code in the app's catalogue, e.g. "false_win"
    article: str  # e.g. "3.11.6.6(1)"
    false_win: bool  # 错和 or 诈和 (3.11.6.6)
    points: int = 0


@dataclass(frozen=True)
class FoulRecords:
    """`provider(tournament id) -> [FoulRecord]`, and `names`: {code: name(language code) -> str}."""

    provider: Callable[[int], list[FoulRecord]]
    names: dict = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class PlayerBadge:
    text: str  # short, shown beside the name ("3品", "Pin 3")
    title: str = ""  # the longer words for a tooltip and screen readers
    url: str = ""  # where it is shown in full (the public Pin register)


# sheet ids -> {sheet id: {starting seat: SeatAdjustment}}
AdjustmentProvider = Callable[[Iterable[int]], dict[int, dict[int, SeatAdjustment]]]
# a hand being entered -> its HandRuling
HandRulingProvider = Callable[[HandAt], "HandRuling"]
# tournament id -> {registration id: StandingFlags}
StandingFlagsProvider = Callable[[int], dict[int, StandingFlags]]
# sheet id -> {hand number: [short texts]}
HandMarksProvider = Callable[[int], dict[int, list[str]]]
# (tournament id, now) -> [ResultsPending]
ResultsPendingProvider = Callable[[int, object], list[ResultsPending]]
# (tournament id, new standings version): called in the recompute's transaction; it acts on commit
StandingsListener = Callable[[int, int], None]
# player ids -> {player id: [PlayerBadge]}; public information only (the standings are public)
PlayerBadgesProvider = Callable[[set[int]], dict[int, list[PlayerBadge]]]


class TimeZonePath(NamedTuple):
    """A page's URL id naming an object of a higher app, and the Tournament lookup that reaches it (e.g.
    ("appeal_id", "appeals__pk")): its pages show times in the tournament's zone (TournamentTimeZoneMiddleware)."""

    kwarg: str
    lookup: str


@dataclass(frozen=True)
class Seams:
    """Every seam of the core, each a registry of one type of entry."""

    sheet_adjustments: Registry[AdjustmentProvider] = field(default_factory=lambda: Registry("sheet_adjustments"))
    hand_rulings: Registry[HandRulingProvider] = field(default_factory=lambda: Registry("hand_rulings"))
    time_zone_paths: Registry[TimeZonePath] = field(
        default_factory=lambda: Registry("time_zone_paths", key=lambda path: path.kwarg))
    standing_flags: Registry[StandingFlagsProvider] = field(default_factory=lambda: Registry("standing_flags"))
    hand_marks: Registry[HandMarksProvider] = field(default_factory=lambda: Registry("hand_marks"))
    amendment_bases: Registry[AmendmentBasis] = field(
        default_factory=lambda: Registry("amendment_bases", key=lambda basis: basis.kind))
    # Declared scoring: a declaration under 8 on tiles worth 8 is a false win (3.11.6.6), recorded on
    # the page named here (a URL name taking the sheet id; it reads foul, offender and hand_number).
    false_win_pages: Registry[str] = field(default_factory=lambda: Registry("false_win_pages"))
    links: Registry[Link] = field(default_factory=lambda: Registry("links"))
    board_panels: Registry[Panel] = field(default_factory=lambda: Registry("board_panels"))
    player_sections: Registry[Panel] = field(default_factory=lambda: Registry("player_sections"))
    import_panels: Registry[Panel] = field(default_factory=lambda: Registry("import_panels"))
    table_archive_sections: Registry[TableArchiveSection] = field(
        default_factory=lambda: Registry("table_archive_sections", key=lambda section: section.key))
    tournament_archive_sections: Registry[TournamentArchiveSection] = field(
        default_factory=lambda: Registry("tournament_archive_sections", key=lambda section: section.key))
    audit_sentences: Registry[AuditSentence] = field(
        default_factory=lambda: Registry("audit_sentences", key=lambda entry: entry.action))
    results_pending: Registry[ResultsPendingProvider] = field(default_factory=lambda: Registry("results_pending"))
    foul_records: Registry[FoulRecords] = field(default_factory=lambda: Registry("foul_records"))
    standings_listeners: Registry[StandingsListener] = field(default_factory=lambda: Registry("standings_listeners"))
    player_badges: Registry[PlayerBadgesProvider] = field(default_factory=lambda: Registry("player_badges"))
    # Staff reading a person's personal fields (a registration's contact, a Pin application's form): each
    # listener is called with reader, players, what, object_ids (the privacy app logs them, docs/privacy.md).
    personal_reads: Registry[Callable[..., None]] = field(default_factory=lambda: Registry("personal_reads"))


seams = Seams()


def personal_data_read(*, reader, player_id: int, what: str, object_id: int) -> None:
    """A staff member is shown a person's personal fields (`what`: "contact" or "pin_application"): the
    listeners log who read whose, and when. A person reading their own is not logged."""
    if reader is None or not reader.is_authenticated:
        return
    for listener in seams.personal_reads:
        listener(reader=reader, players=[player_id], what=what, object_ids=[object_id])


def audit_sentences_register(sentences: dict) -> None:
    """Register an app's {action: sentence} (one sentence per action: a second, different one is refused)."""
    for action, sentence in sentences.items():
        seams.audit_sentences.register(AuditSentence(str(action), sentence))


# --- what the core asks ------------------------------------------------------------------------------


def sheet_adjustments(sheet_ids: Iterable[int]) -> dict[int, list[SeatAdjustment]]:
    """For each sheet, the four starting seats' combined adjustments."""
    sheet_ids = list(sheet_ids)
    combined = {sheet_id: [NO_ADJUSTMENT] * 4 for sheet_id in sheet_ids}
    for provider in seams.sheet_adjustments:
        for sheet_id, seats in provider(sheet_ids).items():
            for seat, adjustment in seats.items():
                combined[sheet_id][seat] = combined[sheet_id][seat] + adjustment
    return combined


def hand_ruling(hand: HandAt) -> HandRuling:
    """Every provider's ruling on a hand being entered: the first refusal, every absent seat."""
    refusal, absent = None, frozenset()
    for provider in seams.hand_rulings:
        ruling = provider(hand)
        refusal = refusal or ruling.refusal
        absent |= ruling.absent
    return HandRuling(refusal, absent)


def standing_flags(tournament_id: int) -> dict[int, StandingFlags]:
    """{registration id: StandingFlags} of every flagged player (a flag from any provider holds)."""
    flags: dict[int, StandingFlags] = {}
    for provider in seams.standing_flags:
        for registration_id, marks in provider(tournament_id).items():
            flags[registration_id] = flags.get(registration_id, StandingFlags()) | marks
    return flags


def hand_marks(sheet_id: int) -> dict[int, list[str]]:
    marks: dict[int, list[str]] = {}
    for provider in seams.hand_marks:
        for number, texts in provider(sheet_id).items():
            marks.setdefault(number, []).extend(texts)
    return marks


def amendment_basis_check(kind: str, sheet_id: int, reference: str) -> BasisVerdict | None:
    """The registered checker's verdict, or None when no app checks this kind of basis."""
    basis = seams.amendment_bases.get(kind)
    return basis.check(sheet_id, reference) if basis else None


def false_win_page() -> str | None:
    return next(iter(seams.false_win_pages), None)


def _tournament_of(place: str, obj):
    if place == "home":
        return None
    if place in ("tournament", "seats", "standings", "results", "staff", "roster", "registrations"):
        return obj
    if place in ("session", "player", "referees", "registration"):
        return obj.tournament
    return obj.session.tournament


def _link_args(place: str, obj) -> list:
    if place == "home":
        return []
    if place == "session":
        return [obj.tournament_id, obj.number]
    if place == "player":
        return [obj.tournament.pk, obj.entry]
    return [obj.pk]


def visible_links(place: str, user, obj, granted=None) -> list[VisibleLink]:
    """The links of `place` that `user` may follow for `obj`.

    `granted`: the user's capabilities in the tournament, when the caller has them already (a page
    listing every session asks once, not once per session).
    """
    from django.urls import reverse

    from tournaments.access import capabilities

    if granted is None:
        tournament = _tournament_of(place, obj)
        granted = capabilities(user, tournament) if tournament is not None else frozenset()
    return [
        VisibleLink(link.label, reverse(link.url_name, args=_link_args(place, obj)))
        for link in seams.links
        if link.place == place
        and (link.capability is None or link.capability in granted)
        and (link.predicate is None or link.predicate(user, obj))
    ]


def _panels(registry: Registry[Panel], obj, user) -> list[dict]:
    panels = []
    for panel in registry:
        values = panel.context(obj, user)
        if values is not None:
            panels.append({"template": panel.template, "context": values})
    return panels


def board_panels(tournament, user) -> list[dict]:
    return _panels(seams.board_panels, tournament, user)


def import_panels(tournament, user) -> list[dict]:
    """What the apps offer once a roster file is imported (the team leaders' accounts)."""
    return _panels(seams.import_panels, tournament, user)


def player_sections(registration, user) -> list[dict]:
    """Sections of a player's own records page (the page has checked who may read it)."""
    return _panels(seams.player_sections, registration, user)


def archive_sections() -> list[TableArchiveSection]:
    return list(seams.table_archive_sections)


def tournament_archive_sections() -> list[TournamentArchiveSection]:
    return list(seams.tournament_archive_sections)


def audit_sentence(action: str) -> Callable | None:
    """The sentence an app registered for `action`, if any."""
    entry = seams.audit_sentences.get(str(action))
    return entry.sentence if entry else None


def results_pending(tournament_id: int, now) -> list[ResultsPending]:
    pending: list[ResultsPending] = []
    for provider in seams.results_pending:
        pending.extend(provider(tournament_id, now))
    return pending


def foul_records(tournament_id: int) -> list[FoulRecord]:
    records: list[FoulRecord] = []
    for entry in seams.foul_records:
        records.extend(entry.provider(tournament_id))
    return records


def foul_name(code: str, language: str) -> str:
    for entry in seams.foul_records:
        if code in entry.names:
            return entry.names[code](language)
    return code


def standings_changed(tournament_id: int, version: int) -> None:
    """Tell the apps keeping a copy of the results (the Pin register) that a new snapshot is stored."""
    for listener in seams.standings_listeners:
        listener(tournament_id, version)


def player_badges(player_ids: Iterable[int]) -> dict[int, list[PlayerBadge]]:
    ids = set(player_ids)
    badges: dict[int, list[PlayerBadge]] = {}
    if not ids:
        return badges
    for provider in seams.player_badges:
        for player_id, found in provider(ids).items():
            badges.setdefault(player_id, []).extend(found)
    return badges
