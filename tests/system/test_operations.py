"""Running the app for real: a server error is logged with DEBUG off, the database and the
secret key are private from their creation, and the organiser account that `first_run`
creates cannot reach other organisers' accounts in the admin."""

import io
import logging
import os
import subprocess
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import path

from tournament.models import Tournament

ROOT = Path(__file__).resolve().parent.parent.parent


def _boom(request):
    raise RuntimeError("panne de démonstration")


# A failing page for the logging test (its subprocess uses this module as ROOT_URLCONF).
urlpatterns = [path("panne/", _boom)]


def run_python(code: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """`code` in a fresh process on a fresh var/ folder and database, DEBUG off."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.pop("DATABASE_URL", None)
    env.update(DJANGO_VAR_DIR=str(tmp_path / "var"),
               DJANGO_SQLITE_PATH=str(tmp_path / "db.sqlite3"),
               DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


# --- Logging --------------------------------------------------------------------------------


def test_server_errors_go_to_the_console_and_a_rotating_file_under_var(settings):
    handlers = logging.getLogger("django.request").handlers
    files = [h for h in handlers if isinstance(h, RotatingFileHandler)]
    assert len(files) == 1 and any(type(h) is logging.StreamHandler for h in handlers)
    assert Path(files[0].baseFilename) == settings.VAR_DIR / "log" / "concours.log"
    assert (files[0].maxBytes, files[0].backupCount) == (1_000_000, 5)
    assert logging.getLogger("django.request").level == logging.ERROR
    app = logging.getLogger("tournament")
    assert app.isEnabledFor(logging.ERROR) and files[0] in app.handlers


@pytest.mark.slow
def test_a_server_error_with_debug_off_is_written_to_the_log_file(tmp_path):
    code = (
        "import django; django.setup()\n"
        "from django.conf import settings\n"
        "from django.test import Client, override_settings\n"
        "assert not settings.DEBUG\n"
        "with override_settings(ROOT_URLCONF='tests.system.test_operations',\n"
        "                       ALLOWED_HOSTS=['testserver']):\n"
        "    print(Client(raise_request_exception=False).get('/panne/').status_code)\n"
    )
    result = run_python(code, tmp_path)
    assert result.stdout.split() == ["500"], result.stderr
    log = (tmp_path / "var" / "log" / "concours.log").read_text(encoding="utf-8")
    assert "ERROR django.request: Internal Server Error: /panne/" in log
    assert "RuntimeError: panne de démonstration" in log  # with its traceback
    assert "panne de démonstration" in result.stderr  # and on the console


# --- Files private from their creation ------------------------------------------------------


@pytest.mark.slow
def test_the_database_secret_key_and_var_are_created_private_without_any_chmod(tmp_path):
    # chmod is taken away: a file made private after its creation would fail here.
    code = (
        "import os\n"
        "def refused(*args, **kwargs): raise AssertionError('chmod after creation')\n"
        "os.chmod = os.fchmod = refused\n"
        "import django; django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('migrate', verbosity=0)\n"
        "print('ok')\n"
    )
    result = run_python(code, tmp_path)
    assert result.stdout.split() == ["ok"], result.stderr
    var = tmp_path / "var"
    assert (tmp_path / "db.sqlite3").stat().st_mode & 0o777 == 0o600
    assert (var / "secret_key").stat().st_mode & 0o777 == 0o600
    assert var.stat().st_mode & 0o777 == 0o700
    assert (var / "log").stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "db.sqlite3").stat().st_size > 0  # a real database, migrated


@pytest.mark.slow
def test_an_existing_database_and_key_are_kept_as_they_are(tmp_path):
    first = run_python("import django; django.setup()\n"
                       "from django.conf import settings; print(settings.SECRET_KEY)", tmp_path)
    second = run_python("import django; django.setup()\n"
                        "from django.conf import settings; print(settings.SECRET_KEY)", tmp_path)
    assert first.returncode == 0 and first.stdout == second.stdout, first.stderr
    assert len(first.stdout.strip()) >= 50


# --- The organiser's account ----------------------------------------------------------------


def _first_run() -> str:
    out = io.StringIO()
    call_command("first_run", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_first_run_creates_a_staff_organiser_who_is_not_a_superuser():
    _first_run()
    organiser = get_user_model().objects.get()
    assert organiser.username == "organisateur"
    assert organiser.is_staff and not organiser.is_superuser
    assert Tournament.objects.get(slug="demo").organiser == organiser


@pytest.mark.django_db
def test_the_demo_goes_to_the_first_organiser_not_to_any_account():
    users = get_user_model().objects
    users.create_user("visiteur", password="motdepasse-long")  # not staff
    organiser = users.create_user("club", password="motdepasse-long", is_staff=True)
    _first_run()
    assert Tournament.objects.get(slug="demo").organiser == organiser


@pytest.mark.django_db
def test_an_organiser_cannot_reach_another_organisers_account_in_the_admin(client):
    _first_run()
    organiser = get_user_model().objects.get(username="organisateur")
    other = get_user_model().objects.create_user("autre-club", password="motdepasse-long",
                                                 is_staff=True)
    client.force_login(organiser)
    assert client.get("/admin/").status_code == 200  # staff: the admin opens...
    assert client.get("/admin/auth/user/").status_code == 403  # ...but not the accounts
    assert client.get(f"/admin/auth/user/{other.pk}/change/").status_code == 403
    url = f"/admin/auth/user/{other.pk}/password/"
    assert client.get(url).status_code == 403
    response = client.post(url, {"password1": "piraté-123456", "password2": "piraté-123456",
                                 "usable_password": "true"})
    assert response.status_code == 403
    other.refresh_from_db()
    assert other.check_password("motdepasse-long") and not other.check_password("piraté-123456")
    # Their own password, they can still change.
    assert client.get("/admin/password_change/").status_code == 200
