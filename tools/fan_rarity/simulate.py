"""Expected rarity of each fan: a documented Monte Carlo simulation, run once, stored as data.

    .venv/bin/python tools/fan_rarity/simulate.py --hands 60000 --seed 17 > reports/statistics/expected_fans.json

No published table of MCR fan frequencies was found in the texts this project works from
(/work/shared/rules, /work/shared/notes), so the statistics page compares the fans of a tournament's
recorded wins with a model of random hands, and says so. THE MODEL (every choice is an assumption,
stated here and in the JSON it writes):

- only the standard shape, four sets and a pair (special shapes such as 七对 / Seven Pairs, 十三幺 /
  Thirteen Orphans, 全不靠 / Lesser Honors and Knitted Tiles, 组合龙 / Knitted Straight are not
  generated; nor are kongs, flowers and the last-tile / replacement / robbing flags: the fans that
  need them have the expected rarity "not modelled");
- each set is a chow or a pung with probability 1/2 each; a chow is one of the 21 (3 suits x 7
  starts) uniformly, a pung one of the 34 tile kinds uniformly; the pair one of the 34 kinds
  uniformly; a composition using any tile more than 4 times is drawn again;
- each set is melded (exposed, in the notation's [..]) with probability 1/2; no kongs, no flowers;
- the winning tile is one of the concealed tiles (concealed sets and pair) uniformly; the win is
  self-drawn with probability 1/4; seat and prevalent wind uniform; no last-tile or kong flags;
- the hand is scored by this project's engine (scoring.engine.evaluate, green_book profile) and kept
  only if it is a win worth at least 8 points (3.8.2 起和分8分); the frequency of a fan is the share of
  the kept hands that score it.

It is a reference for how rare a fan is among random hands that may win, not a record of real play:
players steer towards fans, so real frequencies differ (Chicken Hand is far rarer in random hands
than at a table, All Chows more common...). The statistics page prints this caveat.
"""

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scoring.engine.evaluate import evaluate  # noqa: E402
from scoring.engine.fans import FANS  # noqa: E402

SUITS = "msp"
HONOURS = "ESWNCFP"
KINDS = [f"{rank}{suit}" for suit in SUITS for rank in range(1, 10)] + list(HONOURS)  # 34


def random_hand(rng: random.Random) -> tuple[str, bool, str, str] | None:
    sets = []  # (tiles as kinds, melded)
    for _ in range(4):
        if rng.random() < 0.5:
            suit = rng.choice(SUITS)
            start = rng.randint(1, 7)
            tiles = [f"{start + i}{suit}" for i in range(3)]
        else:
            tiles = [rng.choice(KINDS)] * 3
        sets.append((tiles, rng.random() < 0.5))
    pair = [rng.choice(KINDS)] * 2
    counts = Counter(t for tiles, _ in sets for t in tiles) + Counter(pair)
    if max(counts.values()) > 4:
        return None
    concealed = [t for tiles, melded in sets if not melded for t in tiles] + pair
    win = concealed.pop(rng.randrange(len(concealed)))
    melded = "".join(f"[{''.join(tiles)}]" for tiles, is_melded in sets if is_melded)
    # Notation wants digits before their suit letter: "1m2m3m" is accepted as is.
    notation = f"{melded}{''.join(concealed)}+{win}"
    return notation, rng.random() < 0.25, rng.choice("ESWN"), rng.choice("ESWN")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=60000, help="winning hands (>= 8 points) to keep")
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kept = 0
    drawn = 0
    fan_counts: Counter = Counter()
    while kept < args.hands:
        hand = random_hand(rng)
        if hand is None:
            continue
        drawn += 1
        notation, self_drawn, seat, prevalent = hand
        evaluation = evaluate(notation, self_drawn=self_drawn, seat_wind=seat, prevalent_wind=prevalent)
        if not evaluation.is_winning or evaluation.total < 8:
            continue
        kept += 1
        for hit in evaluation.fans:
            fan_counts[hit.fan.number] += 1
    # Not generated (see the model): special shapes, kongs, flowers and the win flags.
    special = {5, 6, 7, 17, 19, 20, 34, 35, 44, 45, 46, 47, 48, 57, 58, 67, 74, 81}
    frequencies = {
        str(fan.number): (None if fan.number in special else fan_counts[fan.number] / kept) for fan in FANS
    }
    json.dump(
        {
            "provenance": {
                "source": "simulation",
                "script": "tools/fan_rarity/simulate.py",
                "seed": args.seed,
                "hands_kept": kept,
                "hands_drawn": drawn,
                "engine": "scoring.engine.evaluate (green_book)",
                "model": (
                    "standard shape only; each set chow or pung 1/2 (chow uniform of 21, pung uniform of 34 kinds), "
                    "pair uniform of 34, at most 4 of a tile; each set melded 1/2; no kongs, no flowers; "
                    "winning tile uniform among the concealed tiles; self-drawn 1/4; winds uniform; "
                    "kept if a win worth >= 8 points (3.8.2)"
                ),
                "not_modelled": sorted(special),
            },
            "frequencies": frequencies,
        },
        sys.stdout,
        indent=1,
        sort_keys=True,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
