"""The Player's Oath of Appendix 2 (附件二 誓约书), as the rulebook gives it, one per player to print and sign.

The Chinese text governs (the rulebook's preface); the Japanese is the rulebook's own; the English is
translated here from the Chinese, because the rulebook's English ("In the whole process participant The …
Mahjong Competition. I promise") drops the guardian and the ID number the Chinese form asks for.
`{competition}` is the tournament's name.
"""

OATH = {
    "zh-hans": {
        "title": "誓约书",
        "intro": "本人在参加{competition}的全过程中，保证做到：",
        "items": [
            "遵守举办地的各项法律、法规。",
            "遵守世界麻将组织宗旨，弘扬奥林匹克精神，倡导健康、科学、友好的麻将文化。",
            "在参加赛事活动中，遵守大会的有关规定并服从大会组委会的赛事指导。",
            "遵守体育竞赛道德，不参与任何与赌博有关的游戏、娱乐等活动。",
            "本人身体状态良好并经医生诊察认可，完全胜任此次赛事活动。",
            "在比赛期间如因本人原因发生的意外和突发性疾病引起的费用，与主办机构无关，责任自负。",
            "同意组委会、宣传媒体，在直播、转播及各类宣传健康、科学、友好麻将文化的报道中使用本人的姓名、照片等资料。",
            "个人安全、财产责任完全自负；并负责赔偿由于本人的原因造成他人生命及财产的损失。",
            "参赛、旅行中所需的各类保险，自己办理并且费用自负。",
        ],
        "closing": "本人充分理解上述文件的内容和法律意思。如有违反，一切后果由本人及担保人承担。",
        "signature": "参赛者本人或其监护人签字：",
        "id_number": "身份证或护照号码：",
        "date": "年　　月　　日",
        "note": "注：为了确保参赛者的身体健康安全，如有需要向赛事委员会说明个人身体病史及有关药物过敏情况的，"
                "请向赛事委员会外联接待委员会书面说明。",
    },
    "ja": {
        "title": "誓約書",
        "intro": "本人は{competition}の麻雀競技会期間中、全ての行事において以下のことを遵守します：",
        "items": [
            "開催国・開催地の法律、法規を守ります。",
            "世界麻雀組織の主旨にしたがって、オリンピック精神を高揚し、健康、科学、友好的な麻雀文化を提唱します。",
            "競技会の活動の中で、競技会の関連規定を遵守し、そして競技会組織委員会の指導に従います。",
            "スポーツ道徳を守り、いかなる賭け事も決して行いません。",
            "私は、医師の診断のうえ、良好な健康状態で競技会に参加することに全く支障はありません。",
            "競技会期間の偶発的な怪我、突然の病気、不可抗力によるトラブルについて主催機構を訴えることはしません。"
            "その費用は自己負担いたします。",
            "私は組織委員会と宣伝メディア、生放送、中継及び様々健康、科学、友好的な麻雀文化を宣伝する中で、"
            "自分の名前や写真などの資料が使われることについて同意します。",
            "自分の安全と所有物を自己責任で管理します。また、自分の過失によって他人の生命と所有物に損害を与えた"
            "場合、その賠償を行ないます。",
            "競技会、旅行中で必要な保険などを自分で手配し、その費用は自己負担します。",
        ],
        "closing": "本人は上述の内容と法律の意味を十分に理解した上で、これに違反することがあれば、すべての結果は本人と"
                   "保証人から引き受ける。",
        "signature": "参加者本人あるいは保証人のサイン：",
        "id_number": "身分証明書またはパスポートの番号：",
        "date": "年　　月　　日",
        "note": "もし、あなたの特別な病気やアレルギー症状について組織委員会に知らせておきたい場合は、"
                "組織委員会の受付窓口で書面にて明確に申告しておくことをお勧めします。",
    },
    "en": {
        "title": "The Player's Oath",
        "intro": "Throughout my participation in {competition}, I undertake:",
        "items": [
            "to obey the laws and regulations of the host country and place;",
            "to follow the tenets of the World Mahjong Organization, spread the Olympic spirit and promote a "
            "healthy, scientific and friendly mahjong culture;",
            "to obey the competition's rules and the instructions of its organizing committee in all its "
            "activities;",
            "to keep to sporting ethics and take part in no game or entertainment connected with gambling;",
            "that I am in good health, confirmed by a doctor, and fully fit for this competition;",
            "that the costs of any accident or sudden illness of mine during the competition are my own "
            "responsibility and not the organizers';",
            "to let the organizing committee and the media use my name, photographs and similar material in "
            "live and recorded broadcasts and in reports promoting a healthy, scientific and friendly mahjong "
            "culture;",
            "to be wholly responsible for my own safety and property, and to compensate any loss of life or "
            "property I cause to others;",
            "to arrange and pay for the insurance I need for the competition and my travel.",
        ],
        "closing": "I fully understand the content and legal meaning of this document. Any breach is answered for "
                   "by me and my guarantor.",
        "signature": "Signature of the player or their guardian:",
        "id_number": "Identity card or passport number:",
        "date": "Date:",
        "note": "Note: for the players' health and safety, anyone who needs to tell the competition committee of "
                "their medical history or drug allergies should do so in writing to its liaison and reception "
                "committee.",
    },
}


def oath_text(language: str) -> dict:
    """The oath in `language` (zh-hans, ja; anything else: English)."""
    return OATH.get(language, OATH["en"])
