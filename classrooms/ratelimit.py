"""Sign-in limits that hold under concurrency and cannot be turned against a class.

Every sign-in attempt is counted *before* the password is checked (one atomic Redis INCR per
counter), so twenty-four requests sent together cannot have more than the limit checked. A
correct sign-in takes its own attempt back, and so does a refused one: only tries that were
checked use up a limit.

Three counters decide (docs/security.md has the brute-force arithmetic):

- **The device** (a signed cookie; a script that sends none is a new device every time):
  one device hammering many accounts is slowed down without touching its neighbours.
- **The address**, for devices not trusted for the account they try, counted apart for
  pupils' and teachers' accounts: a school shares one address, so its known Chromebooks are
  never blocked by what a stranger at that address does, nor its teachers by a flood of wrong
  pupil passwords. The class's teacher can let pupils' sign-ins from their own address through
  again from the class page (a few times a window: anyone can open a teacher account).
- **The account**, counted apart for the devices that have signed in to it before ("trusted":
  the signed device cookie says so) and for every other device. Ten wrong tries from strangers
  lock the account for strangers for a day, and the child's own Chromebook still signs in; ten
  wrong tries on the child's own devices lock those too. A locked child is told to ask their
  teacher, who can unlock them at once.

Class-code look-ups are counted the same way (the device, and the address for devices that
have never signed in), so codes and the names behind them cannot be guessed.

If Redis cannot be reached the limits cannot be checked, and sign-in says "try again in a
minute" (fail closed) while every other page goes on working from the database.
"""

import logging
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial

from django.conf import settings
from django.core import signing
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

DEVICE_COOKIE = "factorium_device"
DEVICE_SALT = "classrooms.ratelimit.device"
DEVICE_COOKIE_AGE = 400 * 24 * 60 * 60  # browsers keep a cookie at most 400 days
DEVICE_ACCOUNTS_KEPT = 40  # a shared classroom Chromebook remembers this many sign-ins
# How often per address window a teacher may let their address's pupils through again: a few,
# for a school, and few, as anyone can open a teacher account and a class to do it.
ADDRESS_LIFTS = 2
TEACHER_PREFIX = "teacher:"


def _cache():
    """The strict cache: errors are raised, never swallowed (see config/cache.py)."""
    return caches["limits"]


class RateLimited(Exception):
    """Too many tries from here: wait a few minutes (429)."""


class Locked(RateLimited):
    """Too many wrong tries for this account: a child asks their teacher (429)."""


class Unavailable(RateLimited):
    """The counters cannot be reached (Redis is down): try again in a minute (503)."""


@dataclass(frozen=True)
class Counter:
    """Attempts allowed per window for one kind of key."""

    scope: str
    limit: int
    window: int

    def key(self, ident: str) -> str:
        return f"ratelimit:{self.scope}:{ident}"

    def hit(self, ident: str) -> int:
        """Count one attempt and return the count including it (atomic across servers)."""
        cache, key = _cache(), self.key(ident)
        for _ in range(3):
            cache.add(key, 0, timeout=self.window)  # the window starts with the first attempt
            try:
                return cache.incr(key)
            except ValueError:  # expired between add and incr: start a new window
                continue
        return self.limit + 1  # pragma: no cover - a key expiring three times in a row

    def take_back(self, ident: str) -> None:
        """Undo one attempt (a correct sign-in or a class code that was found)."""
        try:
            if _cache().decr(self.key(ident)) < 0:
                _cache().delete(self.key(ident))
        except ValueError:  # the window ended meanwhile
            pass

    def count(self, ident: str) -> int:
        return _cache().get(self.key(ident)) or 0

    def clear(self, ident: str) -> None:
        _cache().delete(self.key(ident))


def account_untrusted() -> Counter:
    return Counter("account", settings.LOGIN_RATE_LIMIT, settings.LOGIN_LOCK_SECONDS)


def account_trusted() -> Counter:
    return Counter("account-own", settings.LOGIN_RATE_LIMIT, settings.LOGIN_LOCK_SECONDS)


def per_device() -> Counter:
    return Counter("device", settings.LOGIN_DEVICE_RATE_LIMIT, settings.LOGIN_RATE_WINDOW)


def per_address() -> Counter:
    """Sign-ins to pupils' accounts per address."""
    return Counter("address", settings.LOGIN_IP_RATE_LIMIT, settings.LOGIN_IP_RATE_WINDOW)


def teacher_per_address() -> Counter:
    """Sign-ins to teachers' accounts per address, apart from pupils' (same settings)."""
    return Counter("address-teacher", settings.LOGIN_IP_RATE_LIMIT, settings.LOGIN_IP_RATE_WINDOW)


def code_per_device() -> Counter:
    return Counter("code-device", settings.CLASS_CODE_DEVICE_LIMIT, settings.LOGIN_RATE_WINDOW)


def code_per_address() -> Counter:
    return Counter("code-address", settings.CLASS_CODE_IP_LIMIT, settings.LOGIN_IP_RATE_WINDOW)


def address_lifts() -> Counter:
    """Teachers letting an address's pupils through again (see ADDRESS_LIFTS)."""
    return Counter("address-lift", ADDRESS_LIFTS, settings.LOGIN_IP_RATE_WINDOW)


def client_address(request: HttpRequest) -> str:
    """The caller's address; behind a proxy, the one the proxy saw (last X-Forwarded-For hop)."""
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None):
        forwarded = request.headers.get("X-Forwarded-For", "")
        if forwarded:
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "unknown")


# --- the device cookie -------------------------------------------------------------------


@dataclass
class Device:
    """This browser: a random id and the accounts that signed in on it (hashed), signed."""

    ident: str
    accounts: list[str] = field(default_factory=list)
    new: bool = False

    def trusts(self, account: str) -> bool:
        return _account_tag(account) in self.accounts

    def remember(self, account: str) -> None:
        tag = _account_tag(account)
        self.accounts = [a for a in self.accounts if a != tag][-(DEVICE_ACCOUNTS_KEPT - 1) :]
        self.accounts.append(tag)
        self.new = True


def _account_tag(account: str) -> str:
    """An account's name in the cookie: a keyed hash, so the cookie shows no email."""
    return salted_hmac(DEVICE_SALT, account, algorithm="sha256").hexdigest()[:16]


def device(request: HttpRequest) -> Device:
    """The request's device, read once per request; a new one if the cookie is missing or
    forged (a forged cookie is just a new device: it gains no trust)."""
    found = getattr(request, "_factorium_device", None)
    if found is not None:
        return found
    raw = request.COOKIES.get(DEVICE_COOKIE, "")
    try:
        data = signing.loads(raw, salt=DEVICE_SALT) if raw else None
        found = Device(ident=str(data["d"]), accounts=[str(a) for a in data["a"]][:50])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        found = Device(ident=secrets.token_urlsafe(12), new=True)
    request._factorium_device = found
    return found


def keep_device(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Set the device cookie when it is new or learned an account."""
    found = getattr(request, "_factorium_device", None)
    if found is not None and found.new:
        value = signing.dumps({"d": found.ident, "a": found.accounts}, salt=DEVICE_SALT)
        response.set_cookie(
            DEVICE_COOKIE,
            value,
            max_age=DEVICE_COOKIE_AGE,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    return response


def _device_key(request: HttpRequest) -> str:
    """The device counter's key: the cookie's id (a script that sends no cookie is a new
    device every time, and meets the address limit instead)."""
    return device(request).ident


def _guard(action):
    """Run a counter action; Redis errors become Unavailable (sign-in fails closed)."""
    try:
        return action()
    except RedisError as error:
        logger.warning("sign-in limits unavailable: %s", error)
        raise Unavailable from error


Check = tuple[Counter, str, type[RateLimited]]


def _hit_in_order(checks: list[Check]) -> list[tuple[Counter, str]]:
    """Count one try on each counter in turn, each before its limit is checked, and stop at
    the first one over its limit: then this try's counts are all taken back, so a refused try
    uses up nothing. A count above a limit is thus only ever seen by a refused try (which
    takes it back), and no more than the limit of tries sent together can pass."""
    taken: list[tuple[Counter, str]] = []
    try:
        for counter, ident, refusal in checks:
            count = _guard(partial(counter.hit, ident))
            taken.append((counter, ident))
            if count > counter.limit:
                raise refusal
    except RateLimited:  # refused, or Redis went away half-way: nothing was checked
        _take_back(taken)
        raise
    return taken


def _take_back(taken: list[tuple[Counter, str]]) -> None:
    """Undo counted tries; if Redis is away, their counts run out with their windows."""
    try:
        for counter, ident in taken:
            counter.take_back(ident)
    except RedisError as error:
        logger.warning("could not take back counted tries: %s", error)


# --- sign-in ------------------------------------------------------------------------------


@dataclass
class Attempt:
    """One counted sign-in attempt; say how it ended with succeeded()."""

    request: HttpRequest
    account: str
    taken: list[tuple[Counter, str]]

    def succeeded(self) -> None:
        """A correct sign-in: the attempt is taken back, and this device is trusted for the
        account from now on. On the account's own devices its count starts again; strangers'
        wrong tries stay counted (clearing them would let tries sent together with a correct
        one past the limit)."""
        try:
            for counter, ident in self.taken:
                if counter.scope == account_trusted().scope:
                    counter.clear(ident)
                else:
                    counter.take_back(ident)
        except RedisError as error:  # signed in all the same; the counts run out by themselves
            logger.warning("could not clear sign-in counts: %s", error)
        device(self.request).remember(self.account)


def attempt(request: HttpRequest, account: str) -> Attempt:
    """Count a sign-in attempt for `account` before its password is checked.

    Raises Locked when the account has had too many wrong tries from this kind of device,
    RateLimited when this device or address has, Unavailable when Redis cannot be reached.
    The device and the address come first: a flood they stop never touches, even for a
    moment, the counts a child's own sign-in depends on.
    """
    trusted = device(request).trusts(account)
    checks: list[Check] = [(per_device(), _device_key(request), RateLimited)]
    if not trusted:
        checks.append((_address_counter(account), client_address(request), RateLimited))
    checks.append((account_trusted() if trusted else account_untrusted(), account, Locked))
    return Attempt(request, account, _hit_in_order(checks))


def _address_counter(account: str) -> Counter:
    """Teachers' and pupils' accounts are counted apart at an address (docs/security.md)."""
    return teacher_per_address() if account.startswith(TEACHER_PREFIX) else per_address()


def student_account(student_pk: int) -> str:
    return f"student:{student_pk}"


def teacher_account(email: str) -> str:
    return f"{TEACHER_PREFIX}{email.lower()}"


def locked(accounts: Iterable[str]) -> set[str]:
    """Which of these accounts are locked for some devices (for the teacher's roster).

    Unknown while Redis is down: nobody is shown as locked."""
    accounts = list(accounts)
    keys = {}
    for account in accounts:
        for counter in (account_untrusted(), account_trusted()):
            keys[counter.key(account)] = (account, counter.limit)
    try:
        counts = _cache().get_many(list(keys))
    except RedisError:
        return set()
    return {keys[key][0] for key, count in counts.items() if count and count >= keys[key][1]}


def unlock(account: str) -> None:
    """A teacher's "Unlock": the account's counts start again on every device."""
    _guard(lambda: _cache().delete_many([account_untrusted().key(account),
                                         account_trusted().key(account)]))  # fmt: skip


# --- class codes --------------------------------------------------------------------------


@dataclass
class CodeLookup:
    request: HttpRequest
    taken: list[tuple[Counter, str]]

    def found(self) -> None:
        """The code found a class: this look-up does not count."""
        _take_back(self.taken)


def code_lookup(request: HttpRequest) -> CodeLookup:
    """Count a class-code look-up before the database is asked; RateLimited past the limit,
    for a right code as for a wrong one (letting a right one through would answer the guess).

    Devices that have signed in before are not counted against their address (a school's
    Chromebooks share it)."""
    checks: list[Check] = [(code_per_device(), _device_key(request), RateLimited)]
    if not device(request).accounts:
        checks.append((code_per_address(), client_address(request), RateLimited))
    return CodeLookup(request, _hit_in_order(checks))


# --- the teacher lets their address through again ---------------------------------------


def _paused_counters() -> tuple[Counter, Counter]:
    """The address counters a class's teacher may clear: pupils' sign-ins and class codes."""
    return per_address(), code_per_address()


def _address_paused(address: str) -> bool:
    counters = _paused_counters()
    counts = _cache().get_many([counter.key(address) for counter in counters])
    return any((counts.get(c.key(address)) or 0) >= c.limit for c in counters)


def address_paused(address: str) -> bool:
    """Whether pupils' sign-ins or class codes from this address are refused now (for the
    class page). Unknown while Redis is down: not shown."""
    try:
        return _address_paused(address)
    except RedisError:
        return False


def address_unlock(address: str) -> bool:
    """Let pupils' sign-ins and class codes from `address` through again; False if they were
    not paused. RateLimited past ADDRESS_LIFTS a window, Unavailable while Redis is down."""
    if not _guard(partial(_address_paused, address)):
        return False
    _hit_in_order([(address_lifts(), address, RateLimited)])
    keys = [counter.key(address) for counter in _paused_counters()]
    _guard(partial(_cache().delete_many, keys))
    return True


class DeviceCookieMiddleware:
    """Sends the device cookie back when a view read a new device or taught it an account."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return keep_device(request, self.get_response(request))
