"""A roster's country or region as an ISO 3166-1 alpha-2 code, for exports that ranking bodies read.

Rosters hold free text ("CN", "China", "中国", "日本"): two letters are taken as a code; common names in
English, Chinese and Japanese are mapped; anything else is left as written (never guessed).
"""

import unicodedata

_NAMES = {
    "CN": ["china", "中国", "中国大陆", "中国内地", "people's republic of china", "prc"],
    "HK": ["hong kong", "hongkong", "香港", "中国香港"],
    "MO": ["macau", "macao", "澳门", "澳門", "中国澳门", "マカオ"],
    "TW": ["taiwan", "chinese taipei", "台湾", "中华台北", "中国台湾", "台灣"],
    "JP": ["japan", "日本"],
    "KR": ["korea", "south korea", "republic of korea", "韩国", "韓国", "大韩民国"],
    "SG": ["singapore", "新加坡", "シンガポール"],
    "MY": ["malaysia", "马来西亚", "マレーシア"],
    "TH": ["thailand", "泰国", "タイ"],
    "PH": ["philippines", "菲律宾", "フィリピン"],
    "VN": ["vietnam", "viet nam", "越南", "ベトナム"],
    "MN": ["mongolia", "蒙古", "モンゴル"],
    "IN": ["india", "印度", "インド"],
    "US": ["usa", "united states", "united states of america", "america", "美国", "アメリカ", "アメリカ合衆国"],
    "CA": ["canada", "加拿大", "カナダ"],
    "MX": ["mexico", "墨西哥", "メキシコ"],
    "BR": ["brazil", "巴西", "ブラジル"],
    "AR": ["argentina", "阿根廷", "アルゼンチン"],
    "CL": ["chile", "智利", "チリ"],
    "AU": ["australia", "澳大利亚", "オーストラリア"],
    "NZ": ["new zealand", "新西兰", "ニュージーランド"],
    "GB": ["united kingdom", "uk", "great britain", "england", "英国", "イギリス", "英国"],
    "IE": ["ireland", "爱尔兰", "アイルランド"],
    "FR": ["france", "法国", "フランス"],
    "DE": ["germany", "deutschland", "德国", "ドイツ"],
    "NL": ["netherlands", "the netherlands", "holland", "荷兰", "オランダ"],
    "BE": ["belgium", "比利时", "ベルギー"],
    "LU": ["luxembourg", "卢森堡", "ルクセンブルク"],
    "DK": ["denmark", "danmark", "丹麦", "デンマーク"],
    "SE": ["sweden", "瑞典", "スウェーデン"],
    "NO": ["norway", "挪威", "ノルウェー"],
    "FI": ["finland", "芬兰", "フィンランド"],
    "IS": ["iceland", "冰岛", "アイスランド"],
    "ES": ["spain", "españa", "西班牙", "スペイン"],
    "PT": ["portugal", "葡萄牙", "ポルトガル"],
    "IT": ["italy", "italia", "意大利", "イタリア"],
    "CH": ["switzerland", "瑞士", "スイス"],
    "AT": ["austria", "奥地利", "オーストリア"],
    "PL": ["poland", "波兰", "ポーランド"],
    "CZ": ["czechia", "czech republic", "捷克", "チェコ"],
    "SK": ["slovakia", "斯洛伐克", "スロバキア"],
    "SI": ["slovenia", "斯洛文尼亚", "スロベニア"],
    "HU": ["hungary", "匈牙利", "ハンガリー"],
    "HR": ["croatia", "克罗地亚", "クロアチア"],
    "RS": ["serbia", "塞尔维亚", "セルビア"],
    "RO": ["romania", "罗马尼亚", "ルーマニア"],
    "BG": ["bulgaria", "保加利亚", "ブルガリア"],
    "GR": ["greece", "希腊", "ギリシャ"],
    "TR": ["turkey", "türkiye", "土耳其", "トルコ"],
    "RU": ["russia", "russian federation", "俄罗斯", "ロシア"],
    "UA": ["ukraine", "乌克兰", "ウクライナ"],
    "EE": ["estonia", "爱沙尼亚", "エストニア"],
    "LV": ["latvia", "拉脱维亚", "ラトビア"],
    "LT": ["lithuania", "立陶宛", "リトアニア"],
    "IL": ["israel", "以色列", "イスラエル"],
}
_BY_NAME = {name: code for code, names in _NAMES.items() for name in names}


def _key(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def country_code(text: str) -> str:
    """"cn" → "CN", "China" → "CN", "中国" → "CN", "Atlantis" → "Atlantis", "" → ""."""
    key = _key(text or "")
    if len(key) == 2 and key.isascii() and key.isalpha():
        return key.upper()
    return _BY_NAME.get(key, (text or "").strip())


# ISO 3166-1 alpha-2: the officially assigned codes (249). A Pin committee's or a competition's country is one of
# them, chosen from a list (pin_ranking.committee), so that a typed "Japan" never makes a country of its own.
ISO_3166_1 = frozenset("""
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC
CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD
GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH
KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW
MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC
SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY
UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
""".split())


def iso_code(text: str) -> str:
    """The ISO 3166-1 alpha-2 code `text` names ("jp", "Japan", "日本" → "JP"), or "" when it names none."""
    code = country_code(text or "").upper()
    return code if code in ISO_3166_1 else ""


def iso_choices() -> list[tuple[str, str]]:
    """(code, label) of every code, for a list to choose from: the code, and a name where this module knows one."""
    return [(code, f"{code} · {_NAMES[code][0].title()}" if code in _NAMES else code) for code in sorted(ISO_3166_1)]
