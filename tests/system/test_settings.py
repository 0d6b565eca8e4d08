"""Settings for real use: `check --deploy` is clean in both serving modes, and nothing secret
or permissive is on unless the environment asks."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Each test runs manage.py in a process of its own: slow.
pytestmark = pytest.mark.slow


def run_manage(*args, **env):
    base = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    base.pop("DATABASE_URL", None)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env={**base, **env},
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("https", ["0", "1"])
def test_check_deploy_is_clean(https, tmp_path):
    result = run_manage("check", "--deploy", "--fail-level", "WARNING",
                        DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_HTTPS=https,
                        DJANGO_ALLOWED_HOSTS="belote.example.org",
                        DJANGO_VAR_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_defaults_are_safe_and_a_local_key_is_kept(tmp_path):
    code = ("from django.conf import settings as s; "
            "print(s.DEBUG, s.ALLOWED_HOSTS, s.SECRET_KEY, s.DATABASES['default']['ENGINE'])")
    first = run_manage("shell", "-v", "0", "-c", code, DJANGO_VAR_DIR=str(tmp_path)).stdout.split()
    again = run_manage("shell", "-v", "0", "-c", code, DJANGO_VAR_DIR=str(tmp_path)).stdout.split()
    assert first[0] == "False"  # DEBUG off unless asked
    assert first[-1] == "config.sqlite"  # the embedded default (Django's, writers queued)
    assert first == again and len(first[-2].strip("'")) >= 50  # one generated key, kept
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


def test_database_url_selects_postgresql(tmp_path):
    code = ("from django.conf import settings as s; d = s.DATABASES['default']; "
            "print(d['ENGINE'], d['NAME'], d['HOST'], d['PORT'])")
    result = run_manage("shell", "-v", "0", "-c", code, DJANGO_VAR_DIR=str(tmp_path),
                        DATABASE_URL="postgres://belote:x@127.0.0.1:5433/concours")
    assert result.stdout.split() == ["django.db.backends.postgresql", "concours", "127.0.0.1",
                                     "5433"]


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path):
    code = ("from django.db import connection as c; cur = c.cursor(); "
            "cur.execute('PRAGMA journal_mode'); print(cur.fetchone()[0]); "
            "cur.execute('PRAGMA busy_timeout'); print(cur.fetchone()[0])")
    result = run_manage("shell", "-v", "0", "-c", code, DJANGO_VAR_DIR=str(tmp_path),
                        DJANGO_SQLITE_PATH=str(tmp_path / "db.sqlite3"))
    assert result.stdout.split() == ["wal", "30000"], result.stderr


def test_a_results_server_of_several_processes_shares_its_caches_through_its_database(tmp_path):
    code = ("from django.core.cache import caches; from django.conf import settings as s; "
            "caches['default'].set('vu', 1); caches['documents'].set('doc', b'x'); "
            "print(s.CACHES['default']['BACKEND'], s.CACHES['documents']['BACKEND'])")
    env = {"DJANGO_VAR_DIR": str(tmp_path), "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3"),
           "DJANGO_SHARED_CACHE": "database"}
    assert run_manage("createcachetable", **env).returncode == 0
    first = run_manage("shell", "-v", "0", "-c", code, **env)
    assert first.stdout.split() == ["django.core.cache.backends.db.DatabaseCache"] * 2, first.stderr
    # Another process reads what the first one cached.
    read = run_manage("shell", "-v", "0", "-c",
                      "from django.core.cache import caches; "
                      "print(caches['default'].get('vu'), caches['documents'].get('doc'))", **env)
    assert read.stdout.split() == ["1", "b'x'"], read.stderr
