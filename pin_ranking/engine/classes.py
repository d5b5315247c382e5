"""The class of a competition (Appendix 9, 5), from its level, players and sessions (plain Python).

5.1 A级: 5.1.1 "参赛人数不少于80人，比赛局数不少于8局" (the English 5.1.1 says "not less than 60 ...
not less than 6": a translation error, the Chinese and Japanese say 80 and 8); 5.1.2 世界锦标赛、洲际锦标赛
或世界性比赛.
5.2 B级: 5.2.1 "不少于60人 ... 不少于6局"; 5.2.2 洲内或多国之间的比赛，国家级的比赛，国家之间的双边、多边比赛.
5.3 C级: 5.3.1 "不少于40人 ... 不少于6局"; 5.3.2 各国国内地区性的比赛和地区间、国际间双边的友谊比赛;
5.3.3 在世界麻将竞赛中心注册或授权的网络比赛 (5.3.4 on the public internet).

Reading: a competition takes the highest class whose size AND level it meets; a level admitted to a
class is admitted to every lower class (a world event of 70 players and 8 sessions is class B; a
national event of 100 players and 8 sessions is B, never A). A web competition is class C at most
(5.3.3) and counts for the Web Pin track only (3.5). One that meets no class does not count (4.4).
"局" in 5.x is a session (3.5.4: 每场比赛不少于6局), as in the core's planned_sessions.
"""

from dataclasses import dataclass, field
from enum import StrEnum

from pin_ranking.engine.standards import Track


class Level(StrEnum):
    WORLD = "world"  # 世界锦标赛 / 世界性比赛 (5.1.2)
    INTERCONTINENTAL = "intercontinental"  # 洲际锦标赛 (5.1.2)
    CONTINENTAL = "continental"  # 洲内 (5.2.2)
    NATIONAL = "national"  # 国家级的比赛 (5.2.2)
    INTERNATIONAL = "international"  # 多国之间 / 国家之间的双边、多边比赛 (5.2.2)
    REGIONAL = "regional"  # 各国国内地区性的比赛 (5.3.2)
    FRIENDLY = "friendly"  # 地区间、国际间双边的友谊比赛 (5.3.2)
    WEB = "web"  # 网络比赛 (5.3.3)


class CompetitionClass(StrEnum):
    A = "A"
    B = "B"
    C = "C"


@dataclass(frozen=True)
class ClassRule:
    klass: CompetitionClass
    min_players: int
    min_sessions: int
    levels: frozenset


_A_LEVELS = frozenset({Level.WORLD, Level.INTERCONTINENTAL})
_B_LEVELS = _A_LEVELS | {Level.CONTINENTAL, Level.NATIONAL, Level.INTERNATIONAL}
_C_LEVELS = _B_LEVELS | {Level.REGIONAL, Level.FRIENDLY, Level.WEB}

CLASS_RULES = (
    ClassRule(CompetitionClass.A, 80, 8, _A_LEVELS),  # 5.1
    ClassRule(CompetitionClass.B, 60, 6, _B_LEVELS),  # 5.2
    ClassRule(CompetitionClass.C, 40, 6, _C_LEVELS),  # 5.3
)


@dataclass(frozen=True)
class Shortfall:
    """Why a competition misses one class: `what` is "level", "players" or "sessions"."""

    klass: CompetitionClass
    what: str
    needed: int | None = None
    has: int | None = None


@dataclass(frozen=True)
class ClassDecision:
    klass: CompetitionClass | None  # None: meets no class, does not count (4.4)
    level: Level
    players: int
    sessions: int
    # Why each higher class (and, when klass is None, every class) is missed.
    shortfalls: tuple[Shortfall, ...] = field(default=())

    @property
    def counts(self) -> bool:
        return self.klass is not None


def competition_class(*, level: str | Level, players: int, sessions: int) -> ClassDecision:
    """The highest class the competition meets (5.1-5.3), with the reasons it misses the higher ones."""
    level = Level(level)
    if players < 0 or sessions < 0:
        raise ValueError("players and sessions are counts, never negative")
    shortfalls = []
    for rule in CLASS_RULES:
        missed = []
        if level not in rule.levels:
            missed.append(Shortfall(rule.klass, "level"))
        if players < rule.min_players:
            missed.append(Shortfall(rule.klass, "players", rule.min_players, players))
        if sessions < rule.min_sessions:
            missed.append(Shortfall(rule.klass, "sessions", rule.min_sessions, sessions))
        if not missed:
            return ClassDecision(rule.klass, level, players, sessions, tuple(shortfalls))
        shortfalls.extend(missed)
    return ClassDecision(None, level, players, sessions, tuple(shortfalls))


def track_of(level: str | Level) -> str:
    """3.5: web competitions feed the Web Pin track (4.7), all others the Pin track (4.6)."""
    return Track.WEB_PIN if Level(level) == Level.WEB else Track.PIN
