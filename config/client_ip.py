"""The client's address, for login throttling (django-axes' AXES_CLIENT_IP_CALLABLE).

With no proxy in front (settings.PROXY_COUNT = 0) it is REMOTE_ADDR. Behind N proxies each appends
the address it received from to X-Forwarded-For, so the client is the N-th entry from the right;
anything left of it was written by the client and is not trusted. A header with fewer entries than
proxies (a request that bypassed them) falls back to REMOTE_ADDR.
"""

from django.conf import settings


def client_ip(request) -> str | None:
    remote = request.META.get("REMOTE_ADDR")
    count = getattr(settings, "PROXY_COUNT", 0)
    if count <= 0:
        return remote
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    return hops[-count] if len(hops) >= count else remote
