"""The token's security scheme in the OpenAPI schema: a generated client signs in and sends it as a bearer."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = "api_tokens.authentication.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer", "bearerFormat": "mcr_<prefix>_<secret>",
                "description": "A personal token from POST /api/auth/token/ (or the account page)."}
