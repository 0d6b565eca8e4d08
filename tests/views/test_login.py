"""Organisers' accounts: failed logins are throttled (django-axes), per account and address."""

import pytest
from django.urls import reverse

from tests.builders import organiser

pytestmark = pytest.mark.django_db


def attempt(client, password, address="192.168.1.30"):
    return client.post(reverse("login"), {"username": "guichet", "password": password},
                       REMOTE_ADDR=address)


def test_five_wrong_passwords_lock_the_account_from_that_address(client):
    organiser("guichet")
    for _ in range(4):
        assert attempt(client, "faux").status_code == 200  # the form again, with its error
    locked = attempt(client, "faux")
    assert locked.status_code == 429
    assert "essais de connexion" in locked.content.decode()
    # Even the right password waits now, from this address...
    assert attempt(client, "motdepasse-long").status_code == 429
    assert "_auth_user_id" not in client.session
    # ...while the organiser's own laptop still logs in.
    response = attempt(client, "motdepasse-long", address="127.0.0.1")
    assert response.status_code == 302 and "_auth_user_id" in client.session


def test_a_success_resets_the_count(client):
    organiser("guichet")
    for _ in range(4):
        attempt(client, "faux")
    assert attempt(client, "motdepasse-long").status_code == 302
    client.logout()
    for _ in range(4):
        assert attempt(client, "faux").status_code == 200
