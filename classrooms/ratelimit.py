"""Counting failed sign-ins in the shared cache, so every app server sees the same counts.

A class of 30 children signs in from one school address, and children mistype; the limit per
address is therefore generous and the limit per account strict.
"""

from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


@dataclass(frozen=True)
class Limiter:
    """Failed attempts allowed per window for one kind of key."""

    scope: str
    limit: int
    window: int

    def _key(self, ident: str) -> str:
        return f"ratelimit:{self.scope}:{ident}"

    def blocked(self, ident: str) -> bool:
        return (cache.get(self._key(ident)) or 0) >= self.limit

    def fail(self, ident: str) -> None:
        key = self._key(ident)
        if cache.add(key, 1, timeout=self.window):
            return
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=self.window)

    def reset(self, ident: str) -> None:
        cache.delete(self._key(ident))


def per_account() -> Limiter:
    return Limiter("account", settings.LOGIN_RATE_LIMIT, settings.LOGIN_RATE_WINDOW)


def per_address() -> Limiter:
    return Limiter("address", settings.LOGIN_IP_RATE_LIMIT, settings.LOGIN_RATE_WINDOW)


def client_address(request: HttpRequest) -> str:
    """The caller's address; behind a proxy, the one the proxy saw (last X-Forwarded-For hop)."""
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None):
        forwarded = request.headers.get("X-Forwarded-For", "")
        if forwarded:
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "unknown")


class RateLimited(Exception):
    """Too many failed attempts; the view answers 429."""


def check(request: HttpRequest, account: str) -> None:
    """Raise RateLimited if this address or this account has failed too often lately."""
    if per_address().blocked(client_address(request)) or per_account().blocked(account):
        raise RateLimited


def failed(request: HttpRequest, account: str) -> None:
    """Count one failed attempt against the address and the account."""
    per_address().fail(client_address(request))
    per_account().fail(account)


def succeeded(account: str) -> None:
    """A correct sign-in clears the account's count (the address count runs out by itself)."""
    per_account().reset(account)
