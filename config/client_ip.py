"""The client's address, for login throttling (django-axes' AXES_CLIENT_IP_CALLABLE), the rate limits and
the readiness probe's loopback check.

With no proxy in front (settings.PROXY_COUNT = 0) it is REMOTE_ADDR. Behind N proxies each appends
the address it received from to X-Forwarded-For, so the client is the N-th entry from the right;
anything left of it was written by the client and is not trusted. A header with fewer entries than
proxies (a request that bypassed them) falls back to REMOTE_ADDR.
"""

import logging

from django.conf import settings

from tournaments import ratelimit

# The function lives with the rate limits (the core's pages use it; the core imports nothing of config).
client_ip = ratelimit.client_ip


def proxy_mismatch(request) -> str:
    """Why the request contradicts settings.PROXY_COUNT, or "".

    With no proxy declared (0) yet an X-Forwarded-For header arriving, every client is the proxy's address:
    one client's five wrong passwords lock the account out for everyone (issue 28; the shipped compose sets
    DJANGO_PROXY_COUNT=1). With more proxies declared than the header shows, a client reaches the app
    around them (or the count is too high), and the address falls back to REMOTE_ADDR."""
    count = getattr(settings, "PROXY_COUNT", 0)
    hops = [hop for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    if count <= 0 and hops:
        return ("X-Forwarded-For arrives but DJANGO_PROXY_COUNT is 0: every client looks like the proxy, so a "
                "login lock-out or rate limit hits everyone. Set DJANGO_PROXY_COUNT to the number of proxies.")
    if count > 0 and len(hops) < count:
        return (f"A request came with {len(hops)} X-Forwarded-For entries but DJANGO_PROXY_COUNT is {count}: a "
                "client reaches the app around the proxy, or the count is too high.")
    return ""


class ProxyCheckMiddleware:
    """Notes the first request that contradicts the proxy settings, once per process, for the log and /health/
    (config/health.py). Placed after HealthCheckMiddleware: the orchestrator's own checks go around the proxy."""

    seen = ""  # the first mismatch this process saw

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not ProxyCheckMiddleware.seen:
            mismatch = proxy_mismatch(request)
            if mismatch:
                ProxyCheckMiddleware.seen = mismatch
                logging.getLogger(__name__).warning("Proxy settings: %s", mismatch)
        return self.get_response(request)
