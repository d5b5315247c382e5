"""DRF authentication by personal token: `Authorization: Bearer mcr_<prefix>_<secret>` (services.token_*).

A request signed with a token is not a browser's session, so it needs no CSRF token. A missing or dead token
leaves the request anonymous: the route then answers 403 `not_authenticated`, as for a browser without its session
(the API's one error shape, config/api_errors.py)."""

from rest_framework import authentication

from api_tokens import services


class TokenAuthentication(authentication.BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).decode("latin-1").split()
        if len(header) != 2 or header[0] != self.keyword:
            return None
        return services.token_authenticate(header[1])
