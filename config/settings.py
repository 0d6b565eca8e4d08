"""Settings, read from the environment (one module; see README.md for the variables).

Defaults suit one organiser's laptop: SQLite in the project folder, French, Paris time.
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
# Templates, static files, the compiled catalogue and the demo: beside the packages in a
# checkout, inside `config/share/` in the installed wheel (`make dist` puts them there).
SHARE_DIR = (Path(__file__).resolve().parent / "share"
             if (Path(__file__).resolve().parent / "share").is_dir() else BASE_DIR)
VAR_DIR = Path(os.environ.get("DJANGO_VAR_DIR", BASE_DIR / "var"))
# var/ holds the secret key and the log (which names table links, credentials): the owner's
# only. The mode is given at creation; an existing folder is left as its owner set it.
VAR_DIR.mkdir(mode=0o700, parents=True, exist_ok=True)


def _env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name, "1" if default else "0")
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _create_private(path: Path, content: str = "") -> bool:
    """Create `path` readable by its owner only, with `content`; False if it already exists.

    The mode is the file's from its creation (os.open with 0o600, less the umask): a file
    created first and made private after would be readable by others in between."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(content)
    return True


def _secret_key() -> str:
    """DJANGO_SECRET_KEY, or one generated once and kept in var/ for local use."""
    key = os.environ.get("DJANGO_SECRET_KEY")
    if key:
        return key
    path = VAR_DIR / "secret_key"
    _create_private(path, secrets.token_urlsafe(50))
    # Another process (a second server worker) may have just created it: wait for its write.
    for _ in range(50):
        key = path.read_text(encoding="utf-8").strip()
        if key:
            return key
        time.sleep(0.02)
    raise RuntimeError(f"{path} est vide : supprimez-le pour qu'une clé soit générée.")


SECRET_KEY = _secret_key()
DEBUG = _env_bool("DJANGO_DEBUG")
ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "django_htmx",
    "django_tasks_db",  # the results server's task queue (TASKS, below)
    "tournament",
    "circuit",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",  # request.htmx: the entry pages' partials
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A view's "disk full" or "read-only database": the French 503 page (tournament/middleware.py).
    "tournament.middleware.DatabaseUnavailableMiddleware",
    "axes.middleware.AxesMiddleware",  # last: it answers a locked-out login
]

# Failed-login throttling (django-axes): after 5 failures for one account from one address,
# that pair waits 15 minutes; a success resets the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [SHARE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # « 1er décembre »: its `date` filter replaces Django's in every template.
            "builtins": ["tournament.templatetags.french_dates"],
        },
    },
]

# SQLite by default; DATABASE_URL (postgres://user:pass@host:5432/name) selects PostgreSQL.
# SQLite serves many tables at once with WAL (readers never wait for the writer), a busy
# timeout (a writer waits its turn instead of failing) and IMMEDIATE transactions (a
# transaction takes the write lock at BEGIN, so two writers never deadlock on an upgrade);
# config.sqlite is Django's SQLite backend whose write transactions queue for that lock (a
# server's threads and processes) instead of polling for it in SQLite's busy handler.
if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=60)}
    # Parameters bound by the server let psycopg prepare a query its connection runs again
    # (from the 2nd time): PostgreSQL then plans a table link's lookup, a join of nine tables,
    # once a connection instead of at every post (3.4 ms of its CPU each time; the load
    # test's burst went from 97 to 125 donnes/s).
    # (PostgreSQL's options only: `DATABASE_URL=sqlite:///…` gets Django's SQLite as is.)
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=2)
else:
    DATABASES = {
        "default": {
            "ENGINE": "config.sqlite",
            "NAME": os.environ.get("DJANGO_SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # A connection kept for a minute per server thread, as PostgreSQL's: opening one
            # and running the PRAGMAs below cost 0.7 ms of each table's post.
            "CONN_MAX_AGE": 60,
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": {
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 30,
            },
            # Tests: in memory, as Django does for its own SQLite engine (named, so that the
            # test runner's per-worker suffix, which only knows that engine, leaves it so).
            "TEST": {"NAME": ":memory:"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
_sqlite_name = str(DATABASES["default"].get("NAME") or "")
if (DATABASES["default"]["ENGINE"] == "config.sqlite" and _sqlite_name
        and _sqlite_name != ":memory:" and not _sqlite_name.startswith("file:")
        and Path(_sqlite_name).parent.is_dir()):
    # SQLite would create the database 0644 on first use: create it empty (a valid new
    # database) and private first; its -wal and -shm files take the same mode.
    _create_private(Path(_sqlite_name))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français")]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True
LOCALE_PATHS = [SHARE_DIR / "locale"]

STATIC_URL = "static/"
STATICFILES_DIRS = [SHARE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"  # collectstatic's output; whitenoise serves it
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
WHITENOISE_USE_FINDERS = True  # serve app and project static files without collectstatic

# Printed documents (PDF, workbooks) are kept by what they show (exports.cache), in files that
# every server process reads; a public visitor's renders wait for one of a few slots, and a
# visitor downloads a bounded number of documents a minute (429 beyond).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "documents": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": VAR_DIR / "documents",
        "TIMEOUT": 24 * 3600,
        "OPTIONS": {"MAX_ENTRIES": 400},
    },
}
# A results server of several processes or machines (docs/results-server.md) shares what is
# cached and counted per visitor through its database: DJANGO_SHARED_CACHE=database (then
# `manage.py createcachetable`, which `make results-server` runs). Otherwise locmem is per
# process (the club's laptop runs one) and the documents are files of var/.
if os.environ.get("DJANGO_SHARED_CACHE") == "database":
    CACHES["default"] = {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                         "LOCATION": "belote_cache"}
    CACHES["documents"] = {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                           "LOCATION": "belote_documents", "TIMEOUT": 24 * 3600,
                           "OPTIONS": {"MAX_ENTRIES": 400}}
# Background jobs (django.tasks): the circuit's standings and documents on the results server.
# Run where they are asked (Django's immediate backend: the laptop, one process, the tests);
# DJANGO_TASKS=database (which `make results-server` sets) queues them in the database, where
# `manage.py db_worker` (django-tasks-db) runs them: any process or machine enqueues, any
# worker on the same database runs, any process reads the result.
if os.environ.get("DJANGO_TASKS") == "database":
    TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
DOCUMENT_RENDERS = 2  # documents rendered at once, all server processes together
DOCUMENT_PUBLIC_RENDERS = 1  # of which for visitors other than the organiser
DOCUMENT_VISITOR_LIMIT = 20  # documents a visitor (an address) may download a minute
# The addresses of the reverse proxies in front of the server (nginx…), whose
# X-Forwarded-For names the visitor: a visitor's limit above counts the address it gives.
# Empty (the default, the installed command): the connection's address, X-Forwarded-For
# ignored (anyone may write one).
DOCUMENT_TRUSTED_PROXIES = [address.strip() for address in os.environ.get(
    "DJANGO_TRUSTED_PROXIES", "").split(",") if address.strip()]
# « Où est ma table ? »: searches and refreshes a visitor may ask a minute (its page asks again
# every FINDER_REFRESH seconds by itself; a player types a few searches besides).
FINDER_VISITOR_LIMIT = 30
FINDER_REFRESH = 10
# Seconds a visitor's document may be behind the concours (the organiser's never is).
DOCUMENT_VISITOR_BEHIND = int(os.environ.get("DJANGO_DOCUMENT_BEHIND", "0"))

# Automatic backups (tournament/services/autobackups.py): the installed command sets the folder
# in its data folder; empty (make run, the tests), they are off.
AUTO_BACKUP_DIR = os.environ.get("DJANGO_AUTO_BACKUP_DIR", "")
# Publishing to a results server (tournament.publish): the pace of its looks and pauses, a
# factor of the real ones (a look every 15 s, a concours at most once a minute, pauses of 30 s
# to 10 min after failures). Only the system tests hurry it (DJANGO_PUBLISH_PACE=0.02).
PUBLISH_PACE = float(os.environ.get("DJANGO_PUBLISH_PACE", "1"))

# Table links printed on the score sheets (QR codes) start with this address, the one the
# phones reach (`make serve-lan` sets it); without it, the address the organiser uses.
PUBLIC_URL = os.environ.get("DJANGO_PUBLIC_URL", "").rstrip("/")

# Behind HTTPS (a reverse proxy with a certificate), DJANGO_HTTPS=1 turns on every transport
# protection `check --deploy` asks for. A club's Wi-Fi has no certificate: there the app is
# served over plain HTTP (`make serve-lan`), secure-only cookies would make logging in
# impossible, so those four checks are silenced, deliberately and only in that mode.
HTTPS = _env_bool("DJANGO_HTTPS")
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 31536000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
else:
    SILENCED_SYSTEM_CHECKS = [
        "security.W004",  # HSTS
        "security.W008",  # SSL redirect
        "security.W012",  # secure session cookie
        "security.W016",  # secure CSRF cookie
    ]
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# Errors go to the console and to var/log/concours.log (1 MB × 5, rotated): with DEBUG off, a
# server error is otherwise logged nowhere (Django only mails admins, and there are none).
LOG_DIR = VAR_DIR / "log"
LOG_DIR.mkdir(mode=0o700, exist_ok=True)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
        "file": {
            "class": "logging.handlers.RotatingFileHandler",
            "filename": str(LOG_DIR / "concours.log"),
            "maxBytes": 1_000_000,
            "backupCount": 5,
            "encoding": "utf-8",
            "delay": True,  # no empty file for commands that log nothing
            "formatter": "plain",
        },
    },
    "loggers": {
        # ERROR: server errors (5xx) with their traceback; a 404 is a warning, not logged here.
        "django.request": {"handlers": ["console", "file"], "level": "ERROR",
                           "propagate": False},
        "django.security": {"handlers": ["console", "file"], "level": "ERROR",
                            "propagate": False},
        "tournament": {"handlers": ["console", "file"], "level": "INFO", "propagate": False},
        "scoring": {"handlers": ["console", "file"], "level": "WARNING", "propagate": False},
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournament:home"
LOGOUT_REDIRECT_URL = "tournament:home"
DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"
