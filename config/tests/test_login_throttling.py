"""Issue 16 (F8): password logins are throttled by django-axes, per username and address.

Five wrong passwords for one username from one address pause logging in for that pair for the
cool-off (15 minutes by default): the sixth try is refused, the right password too, with a translated
message and 429. The same username from another address, and another username from the same address
(a venue's tablets share one router), still log in. /admin/login/ counts the same failures.
"""

import datetime as dt

import pytest
from django.test import Client, RequestFactory, override_settings

from config.client_ip import client_ip
from testing.fixtures import PASSWORD, make_user

LOGIN = "/accounts/login/"


def attempt(client, username, password, path=LOGIN, **extra):
    return client.post(path, {"username": username, "password": password}, **extra)


@pytest.fixture
def staff_user(db):
    return make_user("organizer-login", is_staff=True, is_superuser=True)


@pytest.mark.django_db
def test_five_wrong_passwords_pause_the_login_even_with_the_right_one(staff_user, settings):
    assert settings.AXES_FAILURE_LIMIT == 5
    client = Client()
    for _ in range(4):
        answer = attempt(client, staff_user.username, "wrong-guess")
        assert answer.status_code == 200 and "Too many failed logins" not in answer.content.decode()
    fifth = attempt(client, staff_user.username, "wrong-guess")
    assert fifth.status_code == 429
    locked = attempt(client, staff_user.username, PASSWORD)
    page = locked.content.decode()
    assert locked.status_code == 429 and "Too many failed logins" in page and "15 minutes" in page
    assert 'name="username"' in page and staff_user.username in page  # the form again, filled in
    assert "_auth_user_id" not in client.session
    # The admin's login counts the same failures: locked there too.
    admin = attempt(Client(), staff_user.username, PASSWORD, path="/admin/login/?next=/admin/")
    assert admin.status_code == 429


@pytest.mark.django_db
@pytest.mark.parametrize("language, words", [("zh-hans", "分钟"), ("ja", "分")])
def test_the_lock_out_message_is_translated(staff_user, language, words):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    for _ in range(5):
        attempt(client, staff_user.username, "wrong-guess")
    page = attempt(client, staff_user.username, PASSWORD).content.decode()
    assert "Too many failed logins" not in page and words in page and "15" in page


@pytest.mark.django_db
def test_the_admin_login_is_throttled_on_its_own(staff_user):
    client = Client()
    for _ in range(5):
        attempt(client, staff_user.username, "wrong-guess", path="/admin/login/?next=/admin/")
    assert attempt(client, staff_user.username, PASSWORD, path="/admin/login/?next=/admin/").status_code == 429
    assert attempt(Client(), staff_user.username, PASSWORD).status_code == 429


@pytest.mark.django_db
def test_the_pause_holds_the_username_and_address_together(staff_user):
    other = make_user("referee-login")
    for _ in range(5):
        attempt(Client(), staff_user.username, "wrong-guess", REMOTE_ADDR="10.0.0.7")
    assert attempt(Client(), staff_user.username, PASSWORD, REMOTE_ADDR="10.0.0.7").status_code == 429
    # Another tablet behind another address, and another user behind the same one, still log in.
    assert attempt(Client(), staff_user.username, PASSWORD, REMOTE_ADDR="10.0.0.8").status_code == 302
    assert attempt(Client(), other.username, PASSWORD, REMOTE_ADDR="10.0.0.7").status_code == 302


@pytest.mark.django_db
def test_the_pause_lifts_after_the_cool_off(staff_user):
    from axes.models import AccessAttempt

    for _ in range(5):
        attempt(Client(), staff_user.username, "wrong-guess")
    assert attempt(Client(), staff_user.username, PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=dt.datetime.now(dt.UTC) - dt.timedelta(minutes=16))
    assert attempt(Client(), staff_user.username, PASSWORD).status_code == 302


@pytest.mark.django_db
def test_failures_are_kept_in_the_database_not_in_a_worker():
    from axes.models import AccessAttempt
    from django.conf import settings

    assert settings.AXES_HANDLER == "axes.handlers.database.AxesDatabaseHandler"
    make_user("someone")
    attempt(Client(), "someone", "wrong")
    assert AccessAttempt.objects.get(username="someone").failures_since_start == 1


def test_client_address_behind_proxies():
    factory = RequestFactory()
    request = factory.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9")
    with override_settings(PROXY_COUNT=0):
        assert client_ip(request) == "127.0.0.1"
    with override_settings(PROXY_COUNT=1):
        # The client wrote "6.6.6.6" itself; the proxy appended the address it saw.
        assert client_ip(request) == "203.0.113.9"
    with override_settings(PROXY_COUNT=3):
        assert client_ip(request) == "127.0.0.1"
