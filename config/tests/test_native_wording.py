"""Wording a native reader asked for: each test names the string and its language."""

import datetime as dt
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from penalties.selectors import sanction_text


@pytest.mark.django_db
@pytest.mark.parametrize("language, label, not_label", [("zh-hans", "名称", "姓名"), ("ja", "名称", "氏名")])
def test_the_tournament_name_is_mingcheng_not_a_persons_name(client_for, organizer, language, label, not_label):
    page = client_for(organizer).get(reverse("tournaments:create"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<label for="id_name">{label}' in page
    assert f'<label for="id_name">{not_label}' not in page


@pytest.mark.parametrize(
    "msgid", ["discarder", "Discarded by (empty if self-drawn)", "The discarder cannot be the winner."]
)
def test_the_discarder_is_dianpaozhe(msgid):
    with translation.override("zh-hans"):
        assert "点炮者" in gettext(msgid) and "点和者" not in gettext(msgid)


@pytest.mark.parametrize(
    "language, expected", [("zh-hans", "剩余 <time"), ("ja", "残り <time"), ("en", "</time> left")]
)
def test_the_appeal_countdown_reads_time_left_in_each_language(language, expected):
    deadline = timezone.now() + dt.timedelta(minutes=29)
    window = SimpleNamespace(session=SimpleNamespace(number=1), deadline=deadline)
    with translation.override(language):
        html = render_to_string("appeals/_windows.html", {"windows": [window], "policy": None})
    assert expected in html
    assert "data-countdown-phrase" in html and 'data-countdown datetime="' in html
    if language == "zh-hans":
        assert "</time> 剩余" not in html


def test_ja_each_session_lasts_at_most():
    with translation.override("ja"):
        text = gettext("Each session lasts at most %(minutes)s minutes.") % {"minutes": 120}
        service = gettext("A session lasts at most %(n)d minutes (rule 3.5.6).") % {"n": 150}
    assert text == "各回戦は最長120分です。"
    assert service.startswith("各回戦は最長150分です")


def test_no_win_penalty_in_english_says_what_it_means():
    penalty = SimpleNamespace(
        sanction="pay_each", points=10, disqualification=False, forfeit=False, no_win=True, victim=None
    )
    with translation.override("en"):
        text = sanction_text(penalty)
    assert text == "pays 10 to each · no win this hand (停和)"
    with translation.override("zh-hans"):
        assert sanction_text(penalty).endswith("本盘停和")


@pytest.mark.django_db
def test_registration_form_labels_start_with_a_capital(tournament):
    from tournaments.core.forms import RegistrationForm

    with translation.override("en"):
        labels = [str(field.label) for field in RegistrationForm(tournament=tournament).fields.values()]
    assert labels[:3] == ["Name", "Name in own script", "Country or region"]
