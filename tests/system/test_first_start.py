"""The installed command's first start: the first account has no password until it is chosen
in the browser, on a page only this computer reaches; `make run`'s way (a printed password)
keeps working and has no such page."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from tournament.launcher import first_start
from tournament.models import Membership, Tournament

pytestmark = pytest.mark.django_db
URL = "/premier-demarrage/"
PASSWORD = "Belote-du-jeudi-42"


def test_the_first_start_creates_the_account_without_password_and_loads_the_demo():
    assert first_start.prepare() is True
    account = get_user_model().objects.get()
    assert account.username == "organisateur" and account.is_staff
    assert not account.has_usable_password()
    assert Tournament.objects.filter(slug="demo", organiser=account).exists()
    membership = Membership.objects.get()  # « Mon club », the account its responsable
    assert (membership.club.name, membership.user, membership.role) == (
        "Mon club", account, "responsable")
    assert Tournament.objects.get(slug="demo").club == membership.club
    # The next start changes nothing and the first start is still pending.
    assert first_start.prepare() is True
    assert get_user_model().objects.count() == 1 and Tournament.objects.count() == 1
    assert Membership.objects.count() == 1


@pytest.mark.parametrize("address", ["127.0.0.1", "127.0.0.2", "::1"])
def test_the_first_start_page_answers_this_computer(client, address):
    first_start.prepare()
    response = client.get(URL, REMOTE_ADDR=address)
    assert response.status_code == 200
    assert "organisateur" in response.content.decode()


@pytest.mark.parametrize("address", ["192.168.1.30", "10.0.0.2", "::ffff:192.168.1.30", ""])
def test_the_first_start_page_is_refused_from_another_address(client, address):
    first_start.prepare()
    assert client.get(URL, REMOTE_ADDR=address).status_code == 403
    response = client.post(URL, {"new_password1": PASSWORD, "new_password2": PASSWORD},
                           REMOTE_ADDR=address)
    assert response.status_code == 403
    assert "ordinateur" in response.content.decode()
    assert not get_user_model().objects.get().has_usable_password()


def test_the_password_chosen_on_this_computer_logs_in_and_closes_the_page(client):
    first_start.prepare()
    response = client.post(URL, {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert response.status_code == 302 and response.url == reverse("phone_address")
    account = get_user_model().objects.get()
    assert account.check_password(PASSWORD)
    assert client.get(reverse("tournament:home")).wsgi_request.user == account
    assert client.get(URL).status_code == 404
    assert first_start.prepare() is False
    client.logout()
    response = client.post(reverse("login"), {"username": "organisateur", "password": PASSWORD})
    assert response.status_code == 302


def test_a_bad_password_is_refused_in_french_and_nothing_changes(client):
    first_start.prepare()
    response = client.post(URL, {"new_password1": "1234", "new_password2": "1234"})
    assert response.status_code == 200
    assert "trop court" in response.content.decode()
    assert not get_user_model().objects.get().has_usable_password()


def test_a_database_made_by_make_run_has_no_first_start_page(client):
    call_command("first_run", stdout=io.StringIO())
    assert get_user_model().objects.get().has_usable_password()
    assert client.get(URL).status_code == 404
    assert first_start.prepare() is False


def test_the_phones_page_gives_the_address_and_its_qr_code(client, settings):
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    body = client.get(reverse("phone_address")).content.decode()
    assert "http://192.168.1.20:8000/" in body and "<svg" in body


def test_the_phones_page_of_a_local_start_offers_no_address_the_phones_cannot_reach(
        client, settings):
    """Issue 32: `--local` listens on 127.0.0.1, yet the page offered that address and its QR
    code to the tables' phones."""
    settings.PUBLIC_URL = "http://127.0.0.1:8000"
    body = client.get(reverse("phone_address")).content.decode()
    assert "127.0.0.1" not in body and "<svg" not in body
    assert "Les téléphones ne peuvent pas se connecter" in body and "sans --local" in body


def test_the_home_page_points_to_the_first_start_page_until_the_password_is_chosen(client):
    """Issue 32: before the first password, the home page gave no hint of this page."""
    first_start.prepare()
    home = reverse("tournament:home")
    assert f'href="{URL}"' in client.get(home).content.decode()
    # Another computer of the hall is not sent to a page refused to it.
    assert URL not in client.get(home, REMOTE_ADDR="192.168.1.30").content.decode()
    client.post(URL, {"new_password1": PASSWORD, "new_password2": PASSWORD})
    client.logout()
    assert URL not in client.get(home).content.decode()
