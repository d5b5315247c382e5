"""Each competition counts once (Appendix 9, 4.1 "标准分：是选手在历次正式竞赛中获得标准分的总和": every competition's
points once; 4.4 "…在世界麻将竞赛中心有存档记录"), whatever file or route its results come by.

Results are compared by their content: the set of (who, rank, table points, contest points) rows, where *who*
is the person's identity in the register (the kept record's federation ID, or its number when it has none). Order,
encoding, format, column order, file name and the competition's name make no difference, and a tournament
registered here is compared with results files like any other.

- `results_digest`: the fingerprint of a set of rows; a registered competition keeps it (`Competition.digest`,
  unique among registered competitions: the database refuses the same results twice, even at the same moment);
- `alike`: the registered competitions that share rows or players with a set of rows; identical (the same rows)
  is refused, near (≥ 80 % of the rows, or the same players on overlapping dates) goes to the committee's review,
  confirmed only with a reason.
"""

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count

from pin_ranking.ledger.selectors import merged_into
from pin_ranking.models import Competition, CompetitionResult, PlayerMerge
from tournaments.models import Player

# Of a file's rows, the share found in one registered competition from which the two are "near": the same event
# exported twice with a correction, or a part of it (a review, not a refusal).
NEAR_SHARE = Fraction(4, 5)

Row = tuple[str, int, int, int]  # (who, rank, table points in twelfths, contest points)


def who(player: Player | None, federation_id: str = "") -> str:
    """A person's identity in the register: the (kept) record's federation ID, else its number; a row naming
    someone the register does not know yet, the ID it gives (the record made from it will carry that ID)."""
    if player is None:
        return federation_id
    return player.federation_id or f"#{player.pk}"


def results_digest(rows) -> str:
    """The fingerprint of a set of rows: the same rows in any order give the same digest."""
    lines = sorted(f"{person}\t{rank}\t{points}\t{contest}" for person, rank, points, contest in rows)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


@dataclass(frozen=True)
class Likeness:
    """A registered competition like the rows compared: how many rows they share, of how many."""

    competition_id: int
    name: str
    starts_on: str
    ends_on: str
    shared: int  # rows in common
    rows: int  # rows compared
    theirs: int  # the competition's rows
    same_players: bool

    @property
    def identical(self) -> bool:
        return self.same_players and self.shared == self.rows == self.theirs

    def as_dict(self) -> dict:
        return {"competition": self.competition_id, "name": self.name, "starts_on": self.starts_on,
                "ends_on": self.ends_on, "shared": self.shared, "rows": self.rows, "theirs": self.theirs,
                "same_players": self.same_players}


def alike(rows: list[Row], *, starts_on, ends_on, exclude: int | None = None) -> list[Likeness]:
    """The registered competitions (but `exclude`) identical or near to `rows` (see the module's docstring),
    the most alike first. Only competitions holding at least 4/5 of these people can be either (a shared row is
    a shared person), so only theirs are read: a few queries, whatever the register's size."""
    if not rows:
        return []
    people = {person for person, *_rest in rows}
    known = {person[1:] for person in people if person.startswith("#") and person[1:].isdigit()}
    # A walk-in not in the register yet has no identity ("") and matches nobody.
    ids = set(Player.objects.filter(federation_id__in=[p for p in people if p and not p.startswith("#")])
              .values_list("pk", flat=True)) | {int(pk) for pk in known}
    moved = merged_into(ids)
    ids |= set(moved.values())
    # Records merged into these people carry results of theirs too.
    ids |= set(PlayerMerge.objects.filter(undone_at__isnull=True, kept_id__in=ids).values_list("merged_id", flat=True))
    if not ids:
        return []
    at_least = -(-len(people) * NEAR_SHARE.numerator // NEAR_SHARE.denominator)  # 4/5 of the people, rounded up
    results = (CompetitionResult.objects.filter(player_id__in=ids, superseded_at__isnull=True,
                                                competition__unregistered_at__isnull=True)
               .exclude(competition_id=exclude).values("competition_id")
               .annotate(people=Count("player_id", distinct=True)).filter(people__gte=at_least)
               .values_list("competition_id", flat=True))
    candidates = list(Competition.objects.filter(pk__in=list(results)))
    if not candidates:
        return []
    theirs: dict[int, set[Row]] = defaultdict(set)
    stored = list(CompetitionResult.objects.filter(competition__in=candidates, superseded_at__isnull=True)
                  .select_related("player").order_by())
    kept_of = merged_into({result.player_id for result in stored})
    kept = {p.pk: p for p in Player.objects.filter(pk__in=set(kept_of.values()))}
    for result in stored:
        person = who(kept.get(kept_of.get(result.player_id)) or result.player)
        theirs[result.competition_id].add((person, result.rank, result.table_points, result.contest_points))
    mine = set(rows)
    found = []
    for competition in candidates:
        other = theirs[competition.pk]
        shared = len(mine & other)
        same_players = {r[0] for r in other} == people
        overlapping = competition.starts_on <= ends_on and starts_on <= competition.ends_on
        likeness = Likeness(competition.pk, competition.name, competition.starts_on.isoformat(),
                            competition.ends_on.isoformat(), shared, len(mine), len(other), same_players)
        if likeness.identical or Fraction(shared, len(mine)) >= NEAR_SHARE or (same_players and overlapping):
            found.append(likeness)
    return sorted(found, key=lambda likeness: (-likeness.shared, likeness.competition_id))


def registered_identical(digest: str, likeness: list[Likeness]) -> Competition | None:
    """The registered competition holding exactly these results: by its stored fingerprint, or found alike with
    every row the same (a fingerprint stored before a merge names the merged record)."""
    found = Competition.objects.filter(unregistered_at__isnull=True, digest=digest).first() if digest else None
    identical = next((item for item in likeness if item.identical), None)
    if found is None and identical is not None:
        found = Competition.objects.filter(pk=identical.competition_id).first()
    return found
