"""Big documents in tests: asked for as a browser does, made by the worker (eager here), then fetched."""

from django.http import HttpResponse
from django.test import TestCase


def document_get(client, url: str, **extra):
    """GET a big document's URL as a browser would (prints): the request queues the job, the
    worker makes it (Celery eager in the tests: the on-commit callbacks run here), and the same URL then
    answers the file, read whole (the app streams it) into a plain response. Any other first answer (a 404,
    a page) is returned as it is."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        first = client.get(url, **extra)
    if first.status_code == 302 and "/documents/" in first.url:
        first = client.get(url, **extra)
    if not first.streaming:
        return first
    read = HttpResponse(b"".join(first.streaming_content), status=first.status_code)
    for header, value in first.headers.items():
        read[header] = value
    return read
