"""The Pin standards of Appendix 9 as data: one table per edition, per track (plain Python).

Appendix 9, 4.6 品级标准一览表 (Pin 9 lowest .. Pin 1 highest, 3.1 "九品为最初级别，一品为最高级别"):

    品级  累计标准分  累计比赛分  比赛个人、团体、参赛队名次
    9品   20
    8品   30
    7品   40
    6品   60   1000  个人前16名或团体、参赛队季军成员
    5品   80   1500  个人前12名或团体、参赛队亚军成员
    4品   100  2000  个人前8名或团体、参赛队冠军成员
    3品   120  3000  A级比赛个人前6名
    2品   160  4000  A级比赛个人前3名
    1品   200  5000  A级比赛个人第1名

    说明 1. 比赛分只累计正分，负分不计。 2. 以上1品至6品的3项标准应同时达到，不能缺少或互相替代。

Appendix 9, 4.7 网络品级标准一览表 (a track of its own, 3.5 "两种标准是各自独立的，不能等同"):

    网络9品 1000 / 8品 3000 / 7品 5000 / 6品 10000 前24名 / 5品 15000 前16名 / 4品 20000 前12名 /
    3品 30000 前8名 / 2品 40000 前6名 / 1品 50000 前3名
    说明: 1品至6品的比赛积分和名次应同时达到，不能缺少或互相替代。

The thresholds are the same in the 2006 text (000) and the 2014 edition (002); what the editions
change is who certifies (7.3-7.4, see `certifier`).
"""

from dataclasses import dataclass
from enum import StrEnum

TWELFTHS = 12  # table points are kept in twelfths (scoring.engine.table), exactly


class Track(StrEnum):
    PIN = "pin"  # 4.6 品级标准, ordinary competitions
    WEB_PIN = "web_pin"  # 4.7 网络品级标准, web competitions (5.3.3)


class Edition(StrEnum):
    E2006 = "2006"  # 000: 7.3-7.4, the world body's 品级委员会 decides and certifies every Pin
    E2014 = "2014"  # 002: member organizations certify 四品以下; the world body Pin 1-3


class Certifier(StrEnum):
    WORLD = "world"  # 世界麻将竞赛中心品级委员会
    MEMBER = "member"  # 各メンバー組織技術品級委員会 (002, 7.2-7.3)
    WEBSITE = "website"  # 7.4 "网络品级由被授权的网站负责颁发证书"


class PlacingKind(StrEnum):
    NONE = "none"
    # Individual top N in any counted competition, OR member of a group (团体) or team (参赛队) placed M or better.
    INDIVIDUAL_OR_UNIT = "individual_or_unit"
    # Individual top N in a class-A competition (Pin 3-1).
    CLASS_A_INDIVIDUAL = "class_a_individual"
    # Individual top N in a web competition (Web Pin 6-1).
    WEB_INDIVIDUAL = "web_individual"


@dataclass(frozen=True)
class Placing:
    kind: PlacingKind = PlacingKind.NONE
    individual_top: int | None = None  # rank <= this (3.10.1 shared ranks: tied 16th is in the top 16)
    unit_top: int | None = None  # group or team rank <= this (3 = third place, 1 = champion)

    @property
    def required(self) -> bool:
        return self.kind != PlacingKind.NONE


NO_PLACING = Placing()


@dataclass(frozen=True)
class Standard:
    """What one Pin requires. Points are whole points of the measure; for the Pin track the first
    measure is table points (compared in twelfths), for the Web Pin track web competition points."""

    track: Track
    pin: int  # 9 (lowest) .. 1 (highest)
    points: int  # 4.6 累计标准分 / 4.7 网络比赛积分
    contest_points: int | None  # 4.6 累计比赛分 (positive competition totals only); None on the web track
    placing: Placing


def _pin_table() -> tuple[Standard, ...]:
    p = Track.PIN
    unit = PlacingKind.INDIVIDUAL_OR_UNIT
    a = PlacingKind.CLASS_A_INDIVIDUAL
    return (
        Standard(p, 9, 20, None, NO_PLACING),
        Standard(p, 8, 30, None, NO_PLACING),
        Standard(p, 7, 40, None, NO_PLACING),
        Standard(p, 6, 60, 1000, Placing(unit, individual_top=16, unit_top=3)),
        Standard(p, 5, 80, 1500, Placing(unit, individual_top=12, unit_top=2)),
        Standard(p, 4, 100, 2000, Placing(unit, individual_top=8, unit_top=1)),
        Standard(p, 3, 120, 3000, Placing(a, individual_top=6)),
        Standard(p, 2, 160, 4000, Placing(a, individual_top=3)),
        Standard(p, 1, 200, 5000, Placing(a, individual_top=1)),
    )


def _web_table() -> tuple[Standard, ...]:
    w = Track.WEB_PIN
    web = PlacingKind.WEB_INDIVIDUAL
    return (
        Standard(w, 9, 1000, None, NO_PLACING),
        Standard(w, 8, 3000, None, NO_PLACING),
        Standard(w, 7, 5000, None, NO_PLACING),
        Standard(w, 6, 10000, None, Placing(web, individual_top=24)),
        Standard(w, 5, 15000, None, Placing(web, individual_top=16)),
        Standard(w, 4, 20000, None, Placing(web, individual_top=12)),
        Standard(w, 3, 30000, None, Placing(web, individual_top=8)),
        Standard(w, 2, 40000, None, Placing(web, individual_top=6)),
        Standard(w, 1, 50000, None, Placing(web, individual_top=3)),
    )


@dataclass(frozen=True)
class Standards:
    edition: Edition
    tables: dict  # {Track: (Standard for Pin 9, ..., Pin 1)}

    def table(self, track: Track) -> tuple[Standard, ...]:
        return self.tables[Track(track)]

    def standard(self, track: Track, pin: int) -> Standard:
        for row in self.table(track):
            if row.pin == pin:
                return row
        raise ValueError(f"there is no {track} {pin}: a Pin is 1 (highest) to 9 (lowest)")

    def certifier(self, track: Track, pin: int) -> Certifier:
        """Who certifies this Pin (7.3-7.4).

        2006 (000, 7.3-7.4): "品级委员会 ... 作出选手品级认定结果 ... 世界麻将竞赛中心向选手颁发证书"
        -- the world body for every Pin. 2014 (002, 7.3-7.4): "四品以下の品級証明は各メンバー組織から
        証明書を授与済ます" / "選手一品と二品と三品の品級認定申請が認められた後、世界麻雀競技センターは…":
        member organizations certify Pin 4 and below, the world body Pin 1-3. Both: "网络品级由被授权的网站
        负责颁发证书" -- Web Pins come from an authorized website.
        """
        self.standard(track, pin)
        if Track(track) == Track.WEB_PIN:
            return Certifier.WEBSITE
        if self.edition == Edition.E2014 and pin >= 4:
            return Certifier.MEMBER
        return Certifier.WORLD


STANDARDS = {
    Edition.E2006: Standards(Edition.E2006, {Track.PIN: _pin_table(), Track.WEB_PIN: _web_table()}),
    Edition.E2014: Standards(Edition.E2014, {Track.PIN: _pin_table(), Track.WEB_PIN: _web_table()}),
}
DEFAULT_EDITION = Edition.E2014


def standards_for(edition: str | Edition = DEFAULT_EDITION) -> Standards:
    try:
        return STANDARDS[Edition(edition)]
    except ValueError:
        raise ValueError(f"unknown edition {edition!r}: choose 2006 or 2014") from None
