"""The laptop's requests to a results server: a token never crosses a network in clear."""

import socket

import pytest

from tournament.publish import client


@pytest.mark.parametrize("url", [
    "http://resultats.example.org", "http://192.168.1.20:8000", "http://10.0.0.1",
    "ftp://resultats.example.org", "resultats.example.org", "https://", "javascript:alert(1)",
    "https://user:pass@resultats.example.org", "https://resultats.example.org/?x=1"])
def test_an_address_that_would_expose_the_token_is_refused_in_french(url):
    with pytest.raises(client.Failure) as refused:
        client.server_url_checked(url)
    assert not refused.value.offline
    assert "Adresse" in refused.value.message


@pytest.mark.parametrize(("url", "kept"), [
    ("https://resultats.example.org/", "https://resultats.example.org"),
    ("http://127.0.0.1:8001", "http://127.0.0.1:8001"),
    ("http://localhost:8001/", "http://localhost:8001"),
    ("http://[::1]:8001", "http://[::1]:8001"),
    ("  https://comite.fr/belote/  ", "https://comite.fr/belote")])
def test_https_or_this_computer_is_accepted(url, kept):
    assert client.server_url_checked(url) == kept


def test_a_server_that_does_not_answer_is_offline_not_refused():
    with socket.socket() as probe:  # a port of this computer that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(client.Failure) as failed:
        client.post(f"http://127.0.0.1:{port}", "/circuit/api/push/", b"{}", token="x",
                    timeout=2)
    assert failed.value.offline and "pas de connexion" in failed.value.message
