"""Two web servers and a Celery worker behind the shipped nginx, each in an empty working directory of its own,
on one PostgreSQL, one Redis and one S3-compatible object store (moto's server on loopback) (issue 31): a login
made on one server holds on the other, hands recorded on both in turn, a big document made by the worker and
downloaded through a web server, and the login throttle counted across the servers. Nothing is kept on a local
disk: the working directories are still empty at the end."""

import http.client
import io
import json
import os
import secrets
import time
import urllib.parse
import uuid

import pytest
from django.db import connection
from pypdf import PdfReader

from config import proxy
from testing.fixtures import PASSWORD
from testing.scenarios import STRAIGHT
from tournaments.models import Hand

pytestmark = [pytest.mark.proxy, pytest.mark.postgres, pytest.mark.worker, pytest.mark.xdist_group("broker"),
              pytest.mark.django_db(transaction=True)]

CLIENT = "127.0.0.7"  # the client's address as nginx would report it (DJANGO_PROXY_COUNT=1)


def _database_url():
    url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
    return urllib.parse.urlunsplit(url._replace(path="/" + connection.settings_dict["NAME"]))


def _request(port, method, path, cookies=None, body=None, headers=None):
    conn = http.client.HTTPConnection(proxy.HOST, port, timeout=60)
    try:
        conn.request(method, path, body=body, headers={
            "Host": "127.0.0.1", "X-Forwarded-For": CLIENT,
            "Cookie": "; ".join(f"{k}={v}" for k, v in (cookies or {}).items()), **(headers or {})})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def _login(port, username, password):
    """A password login on one server; its session cookie, or None (and the status)."""
    csrf = secrets.token_hex(16)
    body = urllib.parse.urlencode({"username": username, "password": password, "csrfmiddlewaretoken": csrf})
    conn = http.client.HTTPConnection(proxy.HOST, port, timeout=30)
    try:
        conn.request("POST", "/accounts/login/", body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded", "Host": "127.0.0.1", "X-Forwarded-For": CLIENT,
            "Cookie": f"csrftoken={csrf}"})
        response = conn.getresponse()
        response.read()
        cookies = response.headers.get_all("Set-Cookie") or []
        session = next((c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("sessionid=")), None)
        return response.status, {"sessionid": session, "csrftoken": csrf} if session else None
    finally:
        conn.close()


BUCKET = "mcr-files"


@pytest.fixture
def object_store():
    """An S3-compatible store on a free loopback port, with the app's bucket; its client."""
    import boto3
    from moto.server import ThreadedMotoServer

    port = proxy.free_port()
    server = ThreadedMotoServer(ip_address=proxy.HOST, port=port, verbose=False)
    server.start()
    try:
        endpoint = f"http://{proxy.HOST}:{port}"
        client = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id="test", aws_secret_access_key="test",
                              region_name="us-east-1")
        client.create_bucket(Bucket=BUCKET)
        yield endpoint, client
    finally:
        server.stop()


@pytest.fixture
def hosts(object_store):
    endpoint, _client = object_store
    with proxy.served(database_url=_database_url(), settings="config.settings.test", webs=2, worker=True,
                      env={"DJANGO_PROXY_COUNT": "1", "CELERY_TASK_ALWAYS_EAGER": "false", "WEB_WORKERS": "2",
                           "DJANGO_S3_BUCKET": BUCKET, "DJANGO_S3_ENDPOINT_URL": endpoint,
                           "DJANGO_S3_ACCESS_KEY": "test", "DJANGO_S3_SECRET_KEY": "test",
                           "DJANGO_S3_REGION": "us-east-1"}) as stack:
        yield stack
    for port in [*stack.gunicorn_ports, stack.nginx_port]:  # everything started is stopped
        with pytest.raises(OSError):
            http.client.HTTPConnection(proxy.HOST, port, timeout=2).request("GET", "/health/")


def test_two_web_servers_and_a_worker_share_logins_hands_documents_and_throttles(hosts, object_store, referee, sheet,
                                                                                 organizer):
    one, two = hosts.gunicorn_ports
    # A login on server one holds on server two: sessions live in PostgreSQL.
    status, cookies = _login(one, referee.username, PASSWORD)
    assert status == 302 and cookies
    assert _request(two, "GET", f"/t/sheets/{sheet.pk}/", cookies)[0] == 200
    # Hands recorded on both servers in turn.
    for number in range(1, 5):
        body = json.dumps({"number": number, "client_key": str(uuid.uuid4()), "result": "win", "winner": 1,
                           "discarder": 0, "tiles": STRAIGHT})
        status, _, answer = _request(one if number % 2 else two, "POST", f"/api/sheets/{sheet.pk}/hands/", cookies,
                                     body, {"Content-Type": "application/json", "X-CSRFToken": cookies["csrftoken"]})
        assert status == 201, answer
    assert list(Hand.objects.filter(sheet=sheet).order_by("number").values_list("number", flat=True)) == [1, 2, 3, 4]
    # A big document: asked on server one, made by the worker, watched on server two, downloaded through nginx.
    _, organizer_cookies = _login(two, organizer.username, PASSWORD)
    tournament = sheet.session.tournament_id
    status, headers, _ = _request(one, "GET", f"/t/{tournament}/sessions/1/score-sheets-filled.pdf",
                                  organizer_cookies)
    assert status == 302 and "/documents/" in headers["Location"]
    progress, deadline = headers["Location"], time.monotonic() + 90
    while True:
        status, headers, page = _request(two, "GET", progress, organizer_cookies, headers={"HX-Request": "true"})
        assert status == 200, page
        if "HX-Redirect" in headers:
            break
        assert time.monotonic() < deadline, f"the worker did not make the document in 90 s:\n{hosts.log()}"
        time.sleep(0.5)
    status, headers, pdf = _request(hosts.nginx_port, "GET", headers["HX-Redirect"], organizer_cookies)
    assert status == 200 and headers["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(pdf)).pages) == sheet.session.sheets.count()
    stored = [item["Key"] for item in object_store[1].list_objects_v2(Bucket=BUCKET).get("Contents", [])]
    assert [key for key in stored if key.endswith("score-sheets-s1-filled.pdf")], stored  # in the store
    # The login throttle counts across the servers (django-axes in PostgreSQL): the fifth miss locks, wherever.
    misses = [_login(one if n % 2 else two, organizer.username, "wrong")[0] for n in range(5)]
    assert misses == [200, 200, 200, 200, 429]
    assert _login(one, organizer.username, PASSWORD)[0] == 429
    # Nothing was written where each process runs.
    for name in ("web1", "web2", "worker"):
        assert list((hosts.folder / name).iterdir()) == [], name
