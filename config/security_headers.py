"""Content-Security-Policy and Permissions-Policy on every answer (issue 16, F14).

A small middleware rather than django-csp: the policy is one fixed string for every page (no
per-view changes, no nonces: the pages carry no inline script at all, config/tests/test_security_headers.py
checks it), and Permissions-Policy, which django-csp does not set, comes from the same place.

- script-src 'self': scripts only from our static files. No 'unsafe-inline' (event-handler
  attributes too: static/js/page.js does what onsubmit/onchange/onclick did), no 'unsafe-eval'
  (htmx runs with allowEval and allowScriptTags off, templates/base.html).
- style-src 'self' 'unsafe-inline': the printed seating chart and paper sheet keep their <style>
  inline because WeasyPrint renders them without fetching anything (nothing named in the data can
  make the server fetch a URL), and the API documentation (Redoc, Swagger UI) injects styles. A
  style cannot run code.
- img-src 'self' data: the QR codes and Swagger UI's icons are data: images.
- frame-ancestors 'none' (as X-Frame-Options DENY), form-action 'self', base-uri 'self', object-src 'none'.

settings.CONTENT_SECURITY_POLICY and settings.PERMISSIONS_POLICY override the defaults; an empty
string leaves the header out.
"""

from django.conf import settings

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

# Nothing here uses a camera, microphone, location or sensors; the hall display may go full screen.
PERMISSIONS_POLICY = ", ".join([
    "accelerometer=()",
    "camera=()",
    "geolocation=()",
    "gyroscope=()",
    "magnetometer=()",
    "microphone=()",
    "payment=()",
    "usb=()",
    "fullscreen=(self)",
])


class SecurityHeadersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.csp = getattr(settings, "CONTENT_SECURITY_POLICY", CONTENT_SECURITY_POLICY)
        self.permissions = getattr(settings, "PERMISSIONS_POLICY", PERMISSIONS_POLICY)

    def __call__(self, request):
        response = self.get_response(request)
        if self.csp and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.csp
        if self.permissions and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = self.permissions
        return response
