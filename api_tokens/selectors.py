"""Reads of API tokens: a user's own, never another's (404)."""

from django.http import Http404

from api_tokens.models import ApiToken


def tokens_of(*, user) -> list[ApiToken]:
    return list(ApiToken.objects.filter(user=user)[:50])


def token_of(*, user, token_id: int) -> ApiToken:
    token = ApiToken.objects.filter(pk=token_id, user=user).first()
    if token is None:
        raise Http404
    return token
