"""The object store, kept from stalling the site (issue 43, T4-1).

A frozen store (the security review stopped its process) once held every web thread of both servers for 70 s:
40 anonymous requests for the public results file, each waiting on botocore's default timeouts (60 s, with
retries), and no page or hand got through. Three things keep that from happening:

- **Short timeouts** on every call (settings STORE_CONNECT_TIMEOUT, STORE_READ_TIMEOUT, one retry:
  config/settings/base.py gives them to the S3 client).
- **A circuit**: a call that fails for the store's sake (no connection, a timeout, a 5xx) opens it for
  STORE_CIRCUIT_SECONDS; while open, calls fail at once (`StoreUnavailable`) instead of waiting again. One call
  per process tries the store when the time is up (half-open); its success closes the circuit. Opened in one
  process, it is told to the others through the cache (best effort: a process that misses it pays one timeout).
- **Downloads that hold no web worker**: `stored_file_response` checks nothing but the circuit, then hands the
  file to nginx (`X-Accel-Redirect` to an internal location that fetches a presigned URL from the store, with
  short timeouts of its own and a "try again" page), when settings.STORE_DOWNLOADS_VIA_NGINX; the view has
  checked who may have the file before. Without nginx (`make run`, the tests' client, a folder store) the app
  sends the file itself.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.core.files.storage import default_storage
from django.http import FileResponse, HttpResponse
from django.utils.http import content_disposition_header
from storages.backends.s3 import S3Storage

from tournaments.errors import NotFound

logger = logging.getLogger("tournaments.store")

CACHE_KEY = "store:circuit-open-until"
ACCEL_LOCATION = "/_store/"  # deploy/nginx/mcr.conf: internal, fetches the X-Store-URL the app names
URL_SECONDS = 60  # how long a presigned URL handed to nginx is valid: nginx follows it at once


class StoreUnavailable(Exception):
    """The object store did not answer in time, or failed just now (the circuit is open): try again later."""


class _Circuit:
    def __init__(self):
        self.lock = threading.Lock()
        self.open_until = 0.0  # time.time(): shared through the cache between processes
        self.probing = False

    def _seconds(self) -> float:
        return float(getattr(settings, "STORE_CIRCUIT_SECONDS", 30))

    def is_open(self) -> bool:
        now = time.time()
        if now < self.open_until:
            return True
        shared = cache.get(CACHE_KEY)
        if shared and now < float(shared):
            self.open_until = float(shared)
            return True
        return False

    def before_call(self) -> None:
        """Raise StoreUnavailable while the circuit is open; once its time is up, let one call through to probe."""
        if self.is_open():
            raise StoreUnavailable("the object store failed a moment ago")
        if not self.open_until:
            return  # closed
        with self.lock:
            if self.probing:
                raise StoreUnavailable("the object store is being tried again")
            self.probing = True

    def succeeded(self) -> None:
        if self.open_until or self.probing:
            with self.lock:
                self.open_until, self.probing = 0.0, False
            cache.delete(CACHE_KEY)

    def failed(self, operation: str, error: BaseException) -> None:
        until = time.time() + self._seconds()
        with self.lock:
            self.open_until, self.probing = until, False
        cache.set(CACHE_KEY, until, timeout=int(self._seconds()) + 1)
        logger.warning("Object store unavailable: %s failed (%s: %s); calls refused for %ss", operation,
                       type(error).__name__, error, self._seconds())

    def reset(self) -> None:
        """Forget any failure (tests)."""
        with self.lock:
            self.open_until, self.probing = 0.0, False
        cache.delete(CACHE_KEY)


circuit = _Circuit()


def _is_store_failure(error: BaseException) -> bool:
    """A failure of the store itself (no connection, a timeout, a 5xx), not an answer (a missing key: 404)."""
    from botocore.exceptions import ClientError, ConnectionError, HTTPClientError

    if isinstance(error, (ConnectionError, HTTPClientError)):
        return True
    if isinstance(error, ClientError):
        return int(error.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0) >= 500
    return False


def _guarded(name: str):
    def method(self, *args, **kwargs):
        circuit.before_call()
        try:
            result = getattr(super(GuardedS3Storage, self), name)(*args, **kwargs)
        except Exception as error:
            if _is_store_failure(error):
                circuit.failed(name, error)
                raise StoreUnavailable(str(error)) from error
            circuit.succeeded()  # the store answered (a 404 is an answer)
            raise
        except BaseException:  # stopped from outside (a task's time limit): the probe, if it was one, is over
            circuit.probing = False
            raise
        circuit.succeeded()
        return result

    method.__name__ = name
    return method


class GuardedS3Storage(S3Storage):
    """django-storages' S3 storage whose every call to the store goes through the circuit. (Presigning a URL is
    computed here, not asked of the store: `url` is not guarded.)"""

    _open = _guarded("_open")
    _save = _guarded("_save")
    delete = _guarded("delete")
    exists = _guarded("exists")
    listdir = _guarded("listdir")
    size = _guarded("size")
    get_modified_time = _guarded("get_modified_time")


UNAVAILABLE_PAGE = Path(__file__).resolve().parents[1] / "static" / "errors" / "file-unavailable.html"  # nginx too


def store_busy_response() -> HttpResponse:
    """503 with Retry-After and the "not available yet, try again" page (the three languages at once)."""
    response = HttpResponse(UNAVAILABLE_PAGE.read_text(encoding="utf-8"), status=503)
    response["Retry-After"] = str(int(getattr(settings, "STORE_CIRCUIT_SECONDS", 30)))
    response["Cache-Control"] = "no-store"
    return response


def stored_file_response(request, *, name: str, filename: str, content_type: str, inline: bool,
                         cache_control: str) -> HttpResponse:
    """The stored file `name`, for a request the caller has authorized: handed to nginx when it serves the store's
    files (no web worker waits on the store), else sent by the app; 503 "try again" while the store is failing,
    404 when the store lost the file."""
    if circuit.is_open():
        return store_busy_response()
    disposition = content_disposition_header(not inline, filename)  # ASCII as filename="…", else filename*=
    if getattr(settings, "STORE_DOWNLOADS_VIA_NGINX", False) and isinstance(default_storage, S3Storage):
        # The store sends the file with these headers itself (a presigned GET may set them), through nginx.
        url = default_storage.url(name, expire=URL_SECONDS, parameters={
            "ResponseContentType": content_type, "ResponseContentDisposition": disposition,
            "ResponseCacheControl": cache_control})
        response = HttpResponse(status=200, content_type=content_type)
        response["X-Accel-Redirect"] = ACCEL_LOCATION
        response["X-Store-URL"] = url
        response["Cache-Control"] = cache_control
        return response
    try:
        handle = default_storage.open(name, "rb")
    except FileNotFoundError:  # the storage lost it (a volume not shared between hosts): say so, plainly
        raise NotFound("The file is missing from the storage.") from None
    except StoreUnavailable:
        return store_busy_response()
    response = FileResponse(handle, content_type=content_type, filename=filename, as_attachment=not inline)
    response["Content-Disposition"] = disposition
    response["Cache-Control"] = cache_control
    return response


class StoreUnavailableMiddleware:
    """A request whose work needed the store while it failed (an upload, a file made in the request) answers 503
    "not available yet, try again" with Retry-After, not a 500: nothing was saved (the transaction rolled back)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, StoreUnavailable):
            return store_busy_response()
        return None
