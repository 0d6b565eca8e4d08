"""The fiche de résultats: the push's JSON signed with a key derived from the club's token;
the comité's upload stores it as the push would, and one byte altered anywhere is refused
with nothing stored."""

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile

from circuit import services
from circuit.models import ReceivedConcours
from circuit.tokens import FicheError, fiche_make, fiche_split, fiche_verified, signing_key
from tests.circuit.builders import body, content, joined

SLUG = "belote-de-auch"
TOKEN = "jeton-de-test"
BODY = b'{"club":"belote-de-auch","concours":"c1"}'


def verify(fiche, key=None):
    slug, signature, rest = fiche_split(fiche)
    fiche_verified(key=key or signing_key(TOKEN), club_slug=slug, signature=signature,
                   body=rest)


def test_a_fiche_as_written_is_verified():
    verify(fiche_make(token=TOKEN, club_slug=SLUG, body=BODY))


def test_every_byte_altered_is_refused():
    fiche = fiche_make(token=TOKEN, club_slug=SLUG, body=BODY)
    for position in range(len(fiche)):
        altered = bytearray(fiche)
        altered[position] ^= 0x01
        with pytest.raises(FicheError):
            verify(bytes(altered))


def test_another_clubs_key_is_refused():
    fiche = fiche_make(token=TOKEN, club_slug=SLUG, body=BODY)
    with pytest.raises(FicheError, match="signature de la fiche"):
        verify(fiche, key=signing_key("un-autre-jeton"))


def test_the_signing_key_is_neither_the_token_nor_its_stored_hash():
    from circuit.tokens import hashed

    assert signing_key(TOKEN) not in (TOKEN, hashed(TOKEN))


@pytest.mark.django_db
def test_a_fiche_stores_the_concours_as_its_push_would():
    club, token = joined()
    data = content(club, version=2)
    answer = services.fiche_receive(fiche=fiche_make(token=token, club_slug=club.slug,
                                                     body=body(data)))
    assert answer.version == 2
    assert ReceivedConcours.objects.get().content == data


@pytest.mark.django_db
def test_an_altered_fiche_is_refused_in_french_and_stores_nothing():
    club, token = joined()
    fiche = fiche_make(token=token, club_slug=club.slug, body=body(content(club)))
    altered = fiche.replace(b'"place": 1', b'"place": 2', 1)
    assert altered != fiche
    with pytest.raises(services.Refused, match="a été modifiée"):
        services.fiche_receive(fiche=altered)
    assert not ReceivedConcours.objects.exists()


@pytest.mark.django_db
def test_a_revoked_clubs_fiche_is_refused():
    club, token = joined()
    fiche = fiche_make(token=token, club_slug=club.slug, body=body(content(club)))
    services.club_revoke(club=club)
    with pytest.raises(services.Refused, match="jeton est révoqué"):
        services.fiche_receive(fiche=fiche)
    assert not ReceivedConcours.objects.exists()


@pytest.mark.django_db
def test_the_comite_uploads_a_fiche_and_an_altered_one_is_said(client):
    club, token = joined()
    staff = get_user_model().objects.create_user("comite", is_staff=True)
    client.force_login(staff)
    fiche = fiche_make(token=token, club_slug=club.slug, body=body(content(club)))
    altered = fiche[:-2] + b" }"
    response = client.post("/circuit/fiche/",
                           {"fiche": SimpleUploadedFile("fiche.txt", altered)})
    assert response.status_code == 400
    assert "a été modifiée après avoir été écrite" in response.content.decode()
    assert not ReceivedConcours.objects.exists()
    response = client.post("/circuit/fiche/", {"fiche": SimpleUploadedFile("fiche.txt", fiche)})
    assert response.status_code == 200 and "Fiche enregistrée" in response.content.decode()
    assert ReceivedConcours.objects.count() == 1
