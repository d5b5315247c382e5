"""HandEntry: one hand as a referee (or an appeal, or an archive) gives it to the score sheet services.

Its producers: the tablet's JSON, read by the API's `HandInput`; the chief referee's correction form
(`CorrectedHandForm.hand_entry`, which the appeal decision builds on); an upheld appeal's stored
remedy (`appeals.services`); the archive reader (`archive.read`). Its consumers:
`hand_record`, `hand_correct` (`tournaments.sheets.services`) and `scored_hand_fields`
(`tournaments.sheets.hand_scoring`), where the engine checks and scores it. An entry is not checked
when it is built: the services check it, with the errors a referee can act on.
"""

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields

# How the hand was won: each flag is a fan the engine cannot read from the tiles alone.
WIN_FLAGS = ("last_of_kind", "last_wall_tile", "kong_replacement", "robbing_kong")


@dataclass(frozen=True, kw_only=True)
class HandEntry:
    """One hand of a score sheet, before the engine has scored it. Seats are starting seats.

    - `result`: "win" or "draw" (`Hand.Result`). A drawn hand scores nothing; only a win needs the
      fields below, and a draw ignores them.
    - `winner`: the winner's starting seat, 0-3 (East, South, West, North at the session's first
      hand); the winds of this hand follow from its number (3.4.5, 3.4.6, Appendix 4).
    - `discarder`: the starting seat of the player whose discard completed the win, None for a
      self-drawn win. It decides who pays (3.9.1.3): the discarder pays 8 plus the hand's points
      and the two others 8 each; on a self-drawn win each of the three pays 8 plus the points.
    - `tiles`: the winning hand in the engine's notation (`[123m][345m]678p56sWW+7s`: exposed sets in
      brackets, concealed kongs in braces, the winning tile after `+`), "" when the tiles were not
      recorded. The engine refuses anything but a legal win (3.7.2) of at least 8 points (3.9.1.1).
    - `declared_fans`: the fan numbers (Appendix 1) the winner declared, as the referee ticked them.
      With declared scoring (the tournament's `scoring_mode`, 3.9.1.4) they come with the tiles: each
      must be given by the tiles, in one reading, and the hand scores them and nothing missed; under
      8 on tiles worth 8 is a false win (3.11.6.6). Without tiles (either mode) they stand in for the
      tiles, unverified: they must go together (3.9.1.6) and be worth 8 (3.9.1.1). With electronic
      scoring they are ignored when there are tiles. Fan 81 ticked counts as flowers.
    - `flowers`: flower tiles, a point each (fan 81, Appendix 1 no. 81), not counted towards the
      8-point minimum (3.9.1.1).
    - `last_of_kind`: fan 58 Last Tile (和绝张): the winning tile is the last of its kind.
    - `last_wall_tile`: won on the wall's last tile: fan 44 Last Tile Draw (妙手回春) when
      self-drawn, fan 45 Last Tile Claim (海底捞月) on its discard.
    - `kong_replacement`: fan 46 Out with Replacement Tile (杠上开花): self-drawn on a kong's
      replacement tile.
    - `robbing_kong`: fan 47 Robbing the Kong (抢杠和): won on the tile another player adds to an
      exposed pung.
    """

    result: str
    winner: int | None = None
    discarder: int | None = None
    tiles: str = ""
    declared_fans: tuple[int, ...] = ()
    flowers: int = 0
    last_of_kind: bool = False
    last_wall_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False

    def __post_init__(self):
        # Producers hand over what they have: a JSON list of fans, no tiles at all.
        if self.tiles is None:
            object.__setattr__(self, "tiles", "")
        if isinstance(self.declared_fans, list) or self.declared_fans is None:
            object.__setattr__(self, "declared_fans", tuple(self.declared_fans or ()))

    @classmethod
    def from_mapping(cls, data: Mapping) -> "HandEntry":
        """An entry from a plain mapping (validated API input, a stored appeal remedy, an archived
        hand): missing fields take their defaults; a key that is no field is a TypeError."""
        unknown = sorted(set(data) - HAND_ENTRY_FIELDS)
        if unknown:
            raise TypeError(f"a hand entry has no field {', '.join(map(repr, unknown))}")
        return cls(**data)

    def as_dict(self) -> dict:
        """The entry as JSON-ready data, for from_mapping to read back (an appeal's stored remedy).
        A draw is its result alone: nothing else of it counts."""
        if self.result == "draw":
            return {"result": self.result}
        data = asdict(self)
        data["declared_fans"] = list(self.declared_fans)
        return data


HAND_ENTRY_FIELDS = frozenset(field.name for field in fields(HandEntry))
