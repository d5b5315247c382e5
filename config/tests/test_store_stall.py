"""A frozen object store does not stall the site (issue 43, T4-1): the shipped nginx in front of gunicorn, an
S3-compatible store (moto's server, its own process, so that it can be frozen with SIGSTOP), stored files handed
to nginx (X-Accel-Redirect to the store, tournaments/store.py).

Frozen, the store accepts connections and never answers. 50 anonymous clients ask for the public results file
over and over; the referee's hands and the pages go on, every one answered, and each file request answers "not
available yet, try again" (503) within nginx's store timeouts instead of holding a web worker for 70 s. The figures
(p95 of the pages and hands, frozen against unfrozen) are printed, not asserted: the suite times nothing
(docs/benchmarks.md has them)."""

import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid

import pytest
from django.db import connection

from config import proxy
from prints.models import PrintJob
from testing.fixtures import PASSWORD
from testing.scenarios import STRAIGHT

pytestmark = [pytest.mark.proxy, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

BUCKET = "mcr-files"
KEY = "prints/results-stall.pdf"
PDF = b"%PDF-1.4\n% the results\n" + b"0" * 20000 + b"\n%%EOF\n"
FILE_CLIENTS = 50


def _database_url():
    url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
    return urllib.parse.urlunsplit(url._replace(path="/" + connection.settings_dict["NAME"]))


TABLETS, CROWD = "127.0.0.2", "127.0.0.3"  # two client addresses on loopback: nginx limits per address


def _request(port, method, path, cookies=None, body=None, headers=None, timeout=60, source=TABLETS):
    conn = http.client.HTTPConnection(proxy.HOST, port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request(method, path, body=body, headers={
            "Host": f"127.0.0.1:{port}", "Cookie": "; ".join(f"{k}={v}" for k, v in (cookies or {}).items()),
            **(headers or {})})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def _login(port, username):
    csrf = "c" * 32
    body = urllib.parse.urlencode({"username": username, "password": PASSWORD, "csrfmiddlewaretoken": csrf})
    status, headers, _ = _request(port, "POST", "/accounts/login/", {"csrftoken": csrf}, body,
                                  {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 302, status
    session = next(c.split(";")[0].split("=", 1)[1] for c in headers["Set-Cookie"].split(", ")
                   if c.startswith("sessionid="))
    return {"sessionid": session, "csrftoken": csrf}


@pytest.fixture
def store():
    """moto's S3 server in a process of its own on a free port, with the app's bucket and one stored file."""
    import boto3

    port = proxy.free_port()
    server = subprocess.Popen([os.path.join(os.path.dirname(sys.executable), "moto_server"), "-H", proxy.HOST,
                               "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    endpoint = f"http://{proxy.HOST}:{port}"
    client = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id="test", aws_secret_access_key="test",
                          region_name="us-east-1")
    deadline = time.monotonic() + 30
    while True:
        try:
            client.create_bucket(Bucket=BUCKET)
            break
        except Exception:
            assert time.monotonic() < deadline, "moto_server did not start in 30 s"
            time.sleep(0.2)
    client.put_object(Bucket=BUCKET, Key=KEY, Body=PDF)
    try:
        yield server, endpoint
    finally:
        os.killpg(server.pid, signal.SIGCONT)
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def _timed(samples, fn):
    start = time.perf_counter()
    result = fn()
    samples.append(time.perf_counter() - start)
    return result


def test_a_frozen_store_leaves_pages_and_hands_alone_and_files_say_try_again(store, published, referee, sheet):
    server, endpoint = store
    job = PrintJob.objects.create(tournament=published, kind="results", language="en", slot="results-stall",
                                  version="1", status=PrintJob.Status.READY, file=KEY, filename="results-1.pdf")
    file_path = f"/t/{published.pk}/documents/{job.pk}/file/"
    with proxy.served(database_url=_database_url(), settings="config.settings.test",
                      env={"DJANGO_PROXY_COUNT": "1", "WEB_WORKERS": "2", "WEB_THREADS": "4",
                           "DJANGO_S3_BUCKET": BUCKET, "DJANGO_S3_ENDPOINT_URL": endpoint,
                           "DJANGO_S3_ACCESS_KEY": "test", "DJANGO_S3_SECRET_KEY": "test",
                           "DJANGO_S3_REGION": "us-east-1", "DJANGO_STORE_DOWNLOADS_VIA_NGINX": "true"}) as stack:
        port = stack.nginx_port
        # The store answers: nginx streams the file the app handed it, with the headers the signature set; the
        # presigned URL itself never reaches the client.
        status, headers, body = _request(port, "GET", file_path)
        assert (status, body) == (200, PDF), (status, body[:300], stack.log())
        assert headers["Content-Type"].startswith("application/pdf")  # moto adds "; charset=utf-8"
        assert headers["Content-Disposition"] == 'inline; filename="results-1.pdf"'
        assert not [name for name in headers if name.lower().startswith(("x-store", "x-accel"))], headers
        assert not [value for value in headers.values() if "Signature" in value or "127.0.0.1:" in value], headers
        assert "Access-Control-Allow-Origin" not in headers and headers["X-Content-Type-Options"] == "nosniff"
        cookies = _login(port, referee.username)
        numbers = iter(range(1, 40))

        def page():
            assert _request(port, "GET", f"/t/{published.pk}/standings/")[0] == 200

        def hand():
            body = json.dumps({"number": next(numbers), "client_key": str(uuid.uuid4()), "result": "win",
                               "winner": 1, "discarder": 0, "tiles": STRAIGHT})
            status, _, answer = _request(port, "POST", f"/api/sheets/{sheet.pk}/hands/", cookies, body,
                                         {"Content-Type": "application/json", "X-CSRFToken": cookies["csrftoken"]})
            assert status == 201, answer

        before_pages, before_hands = [], []
        for _ in range(12):
            _timed(before_pages, page)
        for _ in range(6):
            _timed(before_hands, hand)

        os.killpg(server.pid, signal.SIGSTOP)  # accepts connections, answers nothing
        answers, stop = [], threading.Event()

        def ask_for_the_file():
            while not stop.is_set():  # a phone asking, and asking again a moment after each answer
                start = time.perf_counter()
                status, headers, body = _request(port, "GET", file_path, timeout=30, source=CROWD)
                answers.append((status, time.perf_counter() - start, body))
                stop.wait(0.5)

        crowd = [threading.Thread(target=ask_for_the_file) for _ in range(FILE_CLIENTS)]
        for thread in crowd:
            thread.start()
        time.sleep(1)  # the crowd is waiting on the store
        frozen_pages, frozen_hands = [], []
        for _ in range(12):
            _timed(frozen_pages, page)
        for _ in range(6):
            _timed(frozen_hands, hand)
        stop.set()
        for thread in crowd:
            thread.join()
        os.killpg(server.pid, signal.SIGCONT)

        # Every file request answered, 503 "try again" (the store timed out at nginx, or the site's file limit was
        # full), within nginx's store timeouts (connect 2 s + read 5 s) with room to spare; never a 502 or a hang.
        assert answers and {status for status, _, _ in answers} == {503}, {status for status, _, _ in answers}
        assert all(b"try again" in body for _, _, body in answers)
        slowest = max(seconds for _, seconds, _ in answers)
        assert slowest < 15, slowest
        # Thawed, the file comes again.
        assert _request(port, "GET", file_path)[0] == 200

    def p95(samples):
        return statistics.quantiles(samples, n=20)[-1] if len(samples) >= 2 else samples[0]

    print(f"\nstore frozen, {FILE_CLIENTS} clients asking for files ({len(answers)} answers, all 503, slowest "
          f"{slowest:.1f} s): pages p95 {p95(frozen_pages) * 1000:.0f} ms against {p95(before_pages) * 1000:.0f} ms "
          f"unfrozen ({p95(frozen_pages) / p95(before_pages):.2f}x), hands p95 {p95(frozen_hands) * 1000:.0f} ms "
          f"against {p95(before_hands) * 1000:.0f} ms ({p95(frozen_hands) / p95(before_hands):.2f}x)")
