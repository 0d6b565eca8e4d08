"""The installed command's first start in a real browser: the organiser chooses the password
on this computer; from another address on the network the page is refused."""

import signal
import sys

import pytest

from tests.system import launcher
from tournament.launcher import network

pytestmark = pytest.mark.slow


@pytest.fixture
def command(tmp_path):
    """`concours-belote` from the checkout on a new data folder, on every interface."""
    port = launcher.free_port()
    server = launcher.start(
        [sys.executable, "-m", "tournament.launcher", "--data", str(tmp_path / "data"),
         "--port", str(port), "--no-browser"], cwd=tmp_path,
        env=launcher.clean_environment(PYTHONPATH=str(launcher.ROOT)))
    try:
        launcher.wait_for_home(server, port)
        yield port
        server.send_signal(signal.SIGINT)
        assert "Concours arrêté" in launcher.stop(server)
    finally:
        server.kill()


def test_the_first_start_sets_the_password_here_and_is_refused_from_the_network(
        page, command, shot):
    port = command
    lan = network.lan_address()
    if lan is None:
        pytest.skip("no network interface besides loopback to come from another address")
    refused = page.goto(f"http://{lan}:{port}/premier-demarrage/")
    assert refused is not None and refused.status == 403
    assert "réservée à l'ordinateur du concours" in page.inner_text("main")
    assert page.locator("input[type=password]").count() == 0

    page.goto(f"http://127.0.0.1:{port}/premier-demarrage/")
    assert "organisateur" in page.inner_text("main")
    page.fill("input[name=new_password1]", "Belote-du-jeudi-42")
    page.fill("input[name=new_password2]", "Belote-du-jeudi-42")
    page.click("button[type=submit]")
    page.wait_for_url("**/telephones/")
    assert f"http://{lan}:{port}/" in page.inner_text("main")
    assert page.locator(".phone-qr svg").is_visible()
    assert "organisateur" in page.inner_text(".account")  # logged in
    shot(page, "first_start_phones")

    # Done: the page is gone, and the password logs in.
    done = page.goto(f"http://127.0.0.1:{port}/premier-demarrage/")
    assert done is not None and done.status == 404
    page.goto(f"http://127.0.0.1:{port}/")
    page.click("text=Se déconnecter")
    page.goto(f"http://127.0.0.1:{port}/login/")
    page.fill("input[name=username]", "organisateur")
    page.fill("input[name=password]", "Belote-du-jeudi-42")
    page.click("main button[type=submit]")
    page.wait_for_url(f"http://127.0.0.1:{port}/")
    assert "organisateur" in page.inner_text(".account")
    page.click(".account >> text=Téléphones")  # the address, from every page
    assert f"http://{lan}:{port}/" in page.inner_text("main")
