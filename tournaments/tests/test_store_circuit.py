"""The object store's circuit (issue 43, T4-1; tournaments/store.py): a call the store does not answer fails after
the short timeouts and opens the circuit; while open, calls fail at once without touching the store; once the
time is up one call probes, and the store's answer closes the circuit. Files asked for while it is open answer
503 "try again" with Retry-After. (The frozen store behind nginx: config/tests/test_store_stall.py.)"""

import socket
import threading

import pytest
from botocore.config import Config
from django.core.files.storage import default_storage

from tournaments import store
from tournaments.store import GuardedS3Storage, StoreUnavailable, circuit, stored_file_response


@pytest.fixture(autouse=True)
def closed_circuit():
    circuit.reset()
    yield
    circuit.reset()


class BlackHole:
    """A TCP port that accepts connections and never answers (a frozen store); counts what reached it."""

    def __init__(self):
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(64)
        self.accepted = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    @property
    def endpoint(self):
        return f"http://127.0.0.1:{self.socket.getsockname()[1]}"

    def _accept(self):
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.accepted.append(connection)

    def close(self):
        for connection in self.accepted:
            connection.close()
        self.socket.close()


@pytest.fixture
def frozen():
    hole = BlackHole()
    yield hole
    hole.close()


def _storage(endpoint):
    return GuardedS3Storage(bucket_name="mcr-files", endpoint_url=endpoint, access_key="test", secret_key="test",
                            region_name="us-east-1", client_config=Config(
                                connect_timeout=0.3, read_timeout=0.3, retries={"max_attempts": 1}))


def test_a_store_that_does_not_answer_opens_the_circuit_and_later_calls_never_reach_it(frozen):
    stored = _storage(frozen.endpoint)
    with pytest.raises(StoreUnavailable):
        stored.exists("prints/1/results.pdf")
    reached = len(frozen.accepted)
    assert reached >= 1 and circuit.is_open()
    for call in (lambda: stored.exists("a"), lambda: stored.open("a"), lambda: stored.delete("a"),
                 lambda: stored.listdir("backups")):
        with pytest.raises(StoreUnavailable, match="failed a moment ago"):
            call()
    assert len(frozen.accepted) == reached  # refused at once: nothing more reached the store


def test_once_the_time_is_up_one_call_probes_and_an_answer_closes_the_circuit(frozen):
    from moto.server import ThreadedMotoServer

    with pytest.raises(StoreUnavailable):
        _storage(frozen.endpoint).exists("a")
    circuit.open_until = 1.0  # the time is up (and the cache's copy too)
    store.cache.delete(store.CACHE_KEY)
    # Half-open: the first call goes through to probe; a second one meanwhile is refused.
    circuit.before_call()
    with pytest.raises(StoreUnavailable, match="being tried again"):
        circuit.before_call()
    circuit.probing = False
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    try:
        host, port = server.get_host_and_port()
        answering = _storage(f"http://{host}:{port}")
        answering.connection.meta.client.create_bucket(Bucket="mcr-files")
        assert answering.exists("missing.pdf") is False  # the store answered (a 404 is an answer)
    finally:
        server.stop()
    assert not circuit.is_open() and circuit.open_until == 0.0


def test_a_file_asked_for_while_the_circuit_is_open_answers_503_try_again(frozen, rf, settings):
    with pytest.raises(StoreUnavailable):
        _storage(frozen.endpoint).exists("a")
    response = stored_file_response(rf.get("/"), name="prints/1/results.pdf", filename="results.pdf",
                                    content_type="application/pdf", inline=True, cache_control="private")
    assert response.status_code == 503 and response["Retry-After"] == str(settings.STORE_CIRCUIT_SECONDS)
    assert b"try again" in response.content and "no-store" in response["Cache-Control"]


def test_a_file_the_store_holds_is_sent_with_its_name_and_a_missing_one_is_404(rf):
    from tournaments.errors import NotFound

    name = default_storage.save("prints/test/results.pdf", __import__("io").BytesIO(b"%PDF-1.4 x"))
    response = stored_file_response(rf.get("/"), name=name, filename="成绩.pdf", content_type="application/pdf",
                                    inline=False, cache_control="private, no-store")
    assert response.status_code == 200 and b"".join(response.streaming_content) == b"%PDF-1.4 x"
    assert response["Content-Disposition"] == "attachment; filename*=utf-8''%E6%88%90%E7%BB%A9.pdf"
    with pytest.raises(NotFound):
        stored_file_response(rf.get("/"), name="prints/none.pdf", filename="x.pdf", content_type="application/pdf",
                             inline=True, cache_control="private")


def test_a_request_the_failing_store_stopped_answers_503_try_again_not_500(rf):
    from tournaments.store import StoreUnavailableMiddleware

    middleware = StoreUnavailableMiddleware(lambda request: None)
    response = middleware.process_exception(rf.post("/pin/applications/"), StoreUnavailable("timed out"))
    assert response.status_code == 503 and b"try again" in response.content and response["Retry-After"]
    assert middleware.process_exception(rf.get("/"), ValueError("a bug")) is None  # anything else stays a 500
