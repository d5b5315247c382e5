"""The fouls of rule 3.11 and their sanctions, as data (plain Python, no Django).

The Chinese text governs (preface). Descriptions are given in the three languages of the rulebook.
"""

from dataclasses import dataclass
from enum import Enum


class Sanction(str, Enum):
    WARNING = "warning"  # 3.11.1
    DEDUCTION = "deduction"  # 3.11.2.2: 5-60 taken away, given to nobody
    ESCALATING = "escalating"  # 3.11.6.3-5: warning, then 5, 10, 20, ... within one hand
    NO_WIN = "no_win"  # 3.11.3 停和: plays on, pays when others win, may not win this hand
    PAY_EACH = "pay_each"  # pays a fixed amount to each of the three others
    PAY_VICTIM = "pay_victim"  # 3.11.6.7(3): pays 5-60 to the player whose tiles were exposed
    DISQUALIFICATION = "disqualification"  # 3.11.4 停赛: out of the rest of this competition
    LATENESS = "lateness"  # 3.11.2.1: -10, -20, or the session forfeited
    # 3.11.6.7(1) 罚张: the exposed tiles are penalty tiles, discarded at the player's next turns;
    # no points, and not a warning (3.11.1), which 3.11.6.10's "经劝告" would count.
    PENALTY_TILES = "penalty_tiles"


# 3.11.2.2: the referee chooses one of these seven amounts ("分别扣除5、10、20、30、40、50、60分七种罚分").
REFEREE_AMOUNTS = (5, 10, 20, 30, 40, 50, 60)
# 3.11.6.7(3) "视情节轻重判罚责任者5～60分给该人": any amount from 5 to 60, paid to the victim.
VICTIM_AMOUNT_RANGE = (5, 60)
# 3.11.6.9 "本盘都可给予罚分": an amount the article does not bound; the database's column bounds it.
MAX_POINTS = 32767


@dataclass(frozen=True)
class Foul:
    code: str
    article: str
    sanction: Sanction
    en: str
    zh: str
    ja: str
    pay_each: int = 0  # for PAY_EACH
    no_win: bool = False  # also loses the right to win the hand (停和)
    needs_hand: bool = True  # happens during a hand (lateness does not)

    def description(self, language: str) -> str:
        if language.startswith("zh"):
            return self.zh
        if language.startswith("ja"):
            return self.ja
        return self.en


FOULS = [
    Foul("warning", "3.11.1", Sanction.WARNING, "Minor infraction or disturbing the game",
         "有违例、犯规或干扰竞赛的言行", "ルール違反・他の選手の妨げとなる行為", needs_hand=False),
    Foul("late", "3.11.2.1", Sanction.LATENESS, "Late after the start of the session",
         "宣布竞赛开始后迟到", "対局開始後の遅刻", needs_hand=False),
    Foul("violation", "3.11.2.2", Sanction.DEDUCTION, "Rules violation (points at the referee's discretion)",
         "违例（视情节轻重扣分）", "ルール違反（程度に応じて減点）"),
    Foul("cheating", "3.11.6.1", Sanction.DISQUALIFICATION, "Swapping, stealing or hiding tiles, or other cheating",
         "换牌、偷牌、藏牌或其他作弊行为", "牌のすり替え・盗み・隠匿などの不正行為"),
    Foul("wrong_call", "3.11.6.2", Sanction.NO_WIN, "Wrong chow, pung, kong or flower replacement",
         "错吃、错碰、错杠、错补花", "誤ったチー・ポン・カン・花の補充", no_win=True),
    Foul("empty_call", "3.11.6.3", Sanction.ESCALATING, "Empty chow, pung, kong or flower call",
         "空吃、空碰、空杠、空补花", "空のチー・ポン・カン・花の宣言"),
    Foul("early_draw", "3.11.6.4", Sanction.ESCALATING, "Drawing before the previous discard reaches the pool",
         "提前拿牌", "前の捨て牌が河に置かれる前に牌を取る"),
    Foul("wrong_tile_kept", "3.11.6.4", Sanction.NO_WIN, "A wrongly drawn tile already put into the hand",
         "拿错牌张并已放入立牌", "誤って取った牌を手牌に入れた", no_win=True),
    Foul("late_pung", "3.11.6.5", Sanction.ESCALATING, "Pung called after more than three seconds",
         "超过三秒钟碰牌", "3秒を過ぎてからのポン"),
    Foul("false_win", "3.11.6.6(1)", Sanction.PAY_EACH, "False win: below 8 points or on a wrong tile (错和)",
         "错和：未达起和8分或误认和牌", "錯和：8点未満または和了牌の誤認", pay_each=10, no_win=True),
    Foul("false_win_not_waiting", "3.11.6.6(2)", Sanction.PAY_EACH, "False win while not even waiting (诈和)",
         "诈和：尚未听牌而宣布和牌", "詐和：聴牌していないのに和了を宣言", pay_each=20, no_win=True),
    Foul("exposed_own_tiles", "3.11.6.7(1)", Sanction.PENALTY_TILES, "Own tiles exposed: they become penalty tiles",
         "将手中立牌暴露于桌面（作为罚张打出）", "自分の手牌をさらした（罰牌として捨てる）"),
    Foul("revealed_hand_valid_win", "3.11.6.7(2)", Sanction.WARNING, "Hand shown while another called a valid win",
         "他人报和时推倒立牌（和牌成立）", "他家の和了宣言時に手牌を倒した（和了成立）"),
    Foul("revealed_hand_false_win", "3.11.6.7(2)", Sanction.NO_WIN, "Hand shown while another called a false win",
         "他人报和时推倒立牌（和牌不成立）", "他家の和了宣言時に手牌を倒した（和了不成立）", no_win=True),
    Foul("scattered_wall", "3.11.6.7(2)", Sanction.PAY_EACH, "Scattering the hand or the wall so play cannot go on",
         "将手牌或牌墙推乱致使无法继续", "手牌や牌山を崩し続行不能にした", pay_each=30),
    Foul("exposed_other_tiles", "3.11.6.7(3)", Sanction.PAY_VICTIM, "Exposing another player's tiles",
         "将他人手中立牌暴露于桌面", "他家の手牌をさらした"),
    Foul("wrong_tile_count", "3.11.6.8", Sanction.NO_WIN, "Too many or too few tiles in the hand",
         "手牌多于或少于规定张数", "手牌の枚数が多いか少ない", no_win=True),
    # 3.11.6.9: "本盘都可给予罚分" - points the article does not limit to 3.11.2.2's seven amounts.
    Foul("passing_information", "3.11.6.9", Sanction.DEDUCTION, "Passing information to another player",
         "向他人传递信息", "他家への情報伝達"),
    # 3.11.6.9: "本盘都可给予罚分或本盘停和陪打的处罚" - a deduction, or playing on without the right to win.
    Foul("passing_information_no_win", "3.11.6.9", Sanction.NO_WIN,
         "Passing information to another player (no win this hand)",
         "向他人传递信息（本盘停和陪打）", "他家への情報伝達（この局は和了不可）", no_win=True),
    Foul("serious_disruption", "3.11.6.10", Sanction.DISQUALIFICATION, "Serious disruption after a warning",
         "经警告后仍严重干扰比赛", "警告後も続く重大な妨害"),
    Foul("procedure", "3.11.6.11", Sanction.NO_WIN,
         "Late meld, win called after a claim, hand shown early, counting with hand tiles",
         "延误取牌、吃碰杠后报和、和牌前亮牌、用手牌计算", "副露の遅れ・鳴き後の和了宣言・和了前の手牌公開など",
         no_win=True),
    Foul("wrong_flower_replacement", "Appendix 1, fan 81", Sanction.NO_WIN, "Wrong flower replacement",
         "补花错误", "花牌の補充の誤り", no_win=True),
]
FOUL_BY_CODE = {foul.code: foul for foul in FOULS}


def foul_fields(foul: Foul) -> tuple[str, ...]:
    """The foul form's fields this foul needs, besides the foul, the offender and the note: the tablet
    shows only these (penalties/forms.py)."""
    fields = ["hand_number"] if foul.needs_hand else []
    if foul.sanction == Sanction.LATENESS:  # 3.11.2.1: how late
        fields += ["late_minutes", "late_seconds"]
    if foul.sanction in (Sanction.DEDUCTION, Sanction.PAY_VICTIM):  # 3.11.2.2, 3.11.6.9, 3.11.6.7(3): how much
        fields.append("points")
    if foul.sanction == Sanction.PAY_VICTIM:  # 3.11.6.7(3) "给该人": to whom
        fields.append("victim")
    if foul.sanction == Sanction.DISQUALIFICATION:  # 3.11.4 停赛 with its 通报
        fields.append("notice")
    if foul.code == "cheating":  # 3.11.6.1 with 停赛: also 3.11.5, an illegal gain?
        fields.append("illegal_gain")
    return tuple(fields)


def escalating_points(occurrence: int, *, after_twenty: str = "double") -> int:
    """3.11.6.3-5: within one hand, the 1st occurrence is a warning, then 5, 10, 20, "以此类推".

    How the series goes on after 20 is the organizer's reading: "double" (40, 80, ...), the
    default: the governing Chinese "以此类推" (go on by the same rule) continues 5, 10, 20, each
    twice the last; or "flat" (20 each time), as the Japanese encyclopedia spells it out
    ("4回目以降は20点", 003 L111). See docs/penalties-and-appeals.md.
    """
    if occurrence < 1:
        raise ValueError("occurrences are counted from 1")
    if occurrence == 1:
        return 0
    if after_twenty not in ("double", "flat"):
        raise ValueError(f"unknown escalation {after_twenty!r}")
    if after_twenty == "flat" and occurrence >= 4:
        return 20
    return 5 * 2 ** (occurrence - 2)


@dataclass(frozen=True)
class LatenessSanction:
    deduction: int
    forfeit: bool


# Lateness is given in seconds up to a day: beyond 15 minutes the session is forfeited anyway
# (3.11.2.1), so a larger number can only be a typing error.
MAX_LATE_SECONDS = 24 * 60 * 60


class NotLate(ValueError):
    """A lateness of zero or less: not a foul (3.11.2.1 fines being late, "迟到")."""


def lateness_sanction(late_seconds: int) -> LatenessSanction:
    """3.11.2.1 "宣布竞赛开始后，迟到10分钟以内扣罚10分、15分钟以内扣罚20分。超过15分钟按自动弃权处理，本局为0分":
    up to 10 minutes -10; up to 15 minutes -20; more than 15, the session is forfeited and scores 0
    (0 contest points and 0 table points, with no override: no text gives the organizer one).

    "迟到10分钟以内" includes exactly 10:00; 10:01 is past it; 15:00 is "15分钟以内" (-20) and 15:01
    "超过15分钟" (the Japanese "15分以上" would make 15:00 a forfeit; the Chinese governs). A lateness
    of 0 is no lateness and no foul: NotLate.
    """
    if late_seconds <= 0:
        raise NotLate("a player who is not late has committed no foul")
    if late_seconds <= 10 * 60:
        return LatenessSanction(deduction=10, forfeit=False)
    if late_seconds <= 15 * 60:
        return LatenessSanction(deduction=20, forfeit=False)
    return LatenessSanction(deduction=0, forfeit=True)
