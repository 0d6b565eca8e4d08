"""The club's members page (its responsable's), the one-time link a new member opens to
choose a password, the home page by club, a concours created in one of several clubs, and
the « Dernière modification » line of the desk's pages."""

import datetime
import hashlib
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from tests.builders import drawn, organiser, tournament
from tournament import services
from tournament.errors import UserError
from tournament.journal import Actor
from tournament.models import Club, ClubEntry, Game, MemberInvite, Membership, Tournament

pytestmark = pytest.mark.django_db

PASSWORD = "Belote-du-vendredi-17"


@pytest.fixture
def club():
    boss = organiser("patron")
    return services.club_create(name="Belote Club", responsable=boss)


def boss_of(club):
    return Membership.objects.get(club=club, role="responsable").user


def add(client, club, username="marcel", role="marque"):
    client.force_login(boss_of(club))
    return client.post(reverse("tournament:member_add", args=[club.slug]),
                       {"username": username, "role": role})


def joined(client, club, username="marcel", role="marque") -> Membership:
    """A member invited, who chose a password through the link (the responsable signed in
    again after)."""
    boss = boss_of(club)
    link = path_of(link_in(add(client, club, username, role)))
    client.logout()
    assert client.post(link, {"password1": PASSWORD, "password2": PASSWORD}).status_code == 302
    client.force_login(boss)
    return Membership.objects.get(club=club, user__username=username)


def link_in(response) -> str:
    found = re.search(r'id="invite-url"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*id="invite-url"',
                      response.content.decode())
    assert found, "no link on the page"
    return found.group(1) or found.group(2)


def path_of(link: str) -> str:
    return link[link.index("/invitation/"):]


def test_the_responsable_creates_a_member_and_sees_the_link_once(client, club):
    response = add(client, club)
    assert response.status_code == 200
    link = link_in(response)
    account = get_user_model().objects.get(username="marcel")
    assert not account.has_usable_password()
    # A member once the invitation is accepted, with the role it carries.
    assert not Membership.objects.filter(user=account).exists()
    assert MemberInvite.objects.get().role == "marque"
    # Only the token's hash is stored, never the token.
    token = path_of(link).split("/")[2]
    invite = MemberInvite.objects.get()
    assert invite.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in str(list(MemberInvite.objects.values()))
    # The list page does not show it again.
    page = client.get(reverse("tournament:members", args=[club.slug])).content.decode()
    assert token not in page and "marcel" in page
    assert ClubEntry.objects.filter(action="invite", member="marcel", actor="patron").exists()


def test_the_member_chooses_a_password_through_the_link_and_is_signed_in(client, club):
    link = path_of(link_in(add(client, club)))
    client.logout()
    page = client.get(link)
    assert page.status_code == 200 and "marcel" in page.content.decode()
    response = client.post(link, {"password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    account = get_user_model().objects.get(username="marcel")
    assert account.check_password(PASSWORD)
    assert client.get(reverse("tournament:home")).context["user"] == account
    assert MemberInvite.objects.get().used is not None
    assert Membership.objects.get(user=account, club=club).role == "marque"


def test_a_link_used_once_opens_no_more(client, club):
    link = path_of(link_in(add(client, club)))
    client.logout()
    client.post(link, {"password1": PASSWORD, "password2": PASSWORD})
    client.logout()
    assert client.get(link).status_code == 404
    response = client.post(link, {"password1": "Autre-mot-de-passe-9", "password2":
                                  "Autre-mot-de-passe-9"})
    assert response.status_code == 404 and "déjà servi" in response.content.decode()
    assert get_user_model().objects.get(username="marcel").check_password(PASSWORD)


def test_a_link_expires_after_48_hours(client, club):
    link = path_of(link_in(add(client, club)))
    client.logout()
    invite = MemberInvite.objects.get()
    assert invite.expires - invite.created <= datetime.timedelta(hours=48, seconds=5)
    MemberInvite.objects.update(expires=timezone.now() - datetime.timedelta(seconds=1))
    assert client.get(link).status_code == 404
    client.post(link, {"password1": PASSWORD, "password2": PASSWORD})
    assert not get_user_model().objects.get(username="marcel").has_usable_password()


def test_a_wrong_token_opens_nothing(client, club):
    add(client, club)
    client.logout()
    for token in ("faux", "A" * 43, "x" * 500):
        assert client.get(reverse("tournament:invite", args=[token])).status_code == 404
    with pytest.raises(UserError):
        services.invite_accept(token="faux", password=PASSWORD, confirmation=PASSWORD)


def test_a_weak_or_mismatched_password_is_refused_and_the_link_still_opens(client, club):
    link = path_of(link_in(add(client, club)))
    client.logout()
    weak = client.post(link, {"password1": "123", "password2": "123"})
    assert weak.status_code == 400 and "court" in weak.content.decode()
    other = client.post(link, {"password1": PASSWORD, "password2": PASSWORD + "x"})
    assert other.status_code == 400 and "identiques" in other.content.decode()
    assert MemberInvite.objects.get().used is None
    assert client.post(link, {"password1": PASSWORD, "password2": PASSWORD}
                       ).status_code == 302


def test_a_new_link_replaces_the_first_and_only_before_a_password(client, club):
    first = path_of(link_in(add(client, club)))
    second = path_of(link_in(add(client, club)))  # invited again: a new link
    client.logout()
    assert client.get(first).status_code == 404 and client.get(second).status_code == 200
    client.post(second, {"password1": PASSWORD, "password2": PASSWORD})
    client.force_login(boss_of(club))
    member = Membership.objects.get(user__username="marcel")
    url = reverse("tournament:member_link", args=[club.slug, member.pk])
    response = client.post(url, follow=True)
    assert "déjà choisi son mot de passe" in response.content.decode()
    assert MemberInvite.objects.count() == 2


def test_an_existing_account_is_invited_and_joins_only_when_its_owner_accepts(client, club):
    elsewhere = organiser("ligue")
    response = add(client, club, username="ligue", role="organisateur")
    assert response.status_code == 200
    assert not Membership.objects.filter(club=club, user=elsewhere).exists()
    # The link sets no password for it.
    link = path_of(link_in(response))
    client.logout()
    refused = client.post(link, {"password1": PASSWORD, "password2": PASSWORD})
    assert refused.status_code == 400 and "connectez-vous" in refused.content.decode()
    assert elsewhere.password == get_user_model().objects.get(pk=elsewhere.pk).password
    # Its owner, signed in, sees the invitation on the home page and accepts it.
    client.force_login(elsewhere)
    home = client.get(reverse("tournament:home")).content.decode()
    assert "Belote Club vous invite" in home
    invite = MemberInvite.objects.get(user=elsewhere)
    client.post(reverse("tournament:invitation_accept", args=[invite.pk]))
    assert Membership.objects.get(club=club, user=elsewhere).role == "organisateur"
    assert client.post(reverse("tournament:invitation_accept", args=[invite.pk])
                       ).status_code == 302  # once: nothing more
    assert Membership.objects.filter(user=elsewhere, club=club).count() == 1
    again = add(client, club, username="ligue")
    assert again.status_code == 400 and "déjà membre" in again.content.decode()


def test_an_invitation_is_declined_or_accepted_by_its_own_account_only(client, club):
    invited, stranger = organiser("ligue"), organiser("intrus")
    add(client, club, username="ligue")
    invite = MemberInvite.objects.get(user=invited)
    client.force_login(stranger)
    client.post(reverse("tournament:invitation_accept", args=[invite.pk]))
    assert not Membership.objects.filter(club=club).exclude(role="responsable").exists()
    client.force_login(invited)
    client.post(reverse("tournament:invitation_decline", args=[invite.pk]))
    client.post(reverse("tournament:invitation_accept", args=[invite.pk]))
    assert not Membership.objects.filter(club=club, user=invited).exists()
    assert ClubEntry.objects.filter(action="declined", member="ligue").exists()


def test_another_clubs_account_is_not_taken_by_typing_its_name(client, club):
    """The audit's attack: club B's organisateur has not opened his link yet; A's
    responsable types his user name in « ajouter un membre », then asks for a new link."""
    other = services.club_create(name="Club B", responsable=organiser("chef-b"))
    client.force_login(boss_of(other))
    b_link = path_of(link_in(client.post(reverse("tournament:member_add", args=[other.slug]),
                                         {"username": "victime", "role": "organisateur"})))
    response = add(client, club, username="victime", role="organisateur")
    a_link = path_of(link_in(response))
    victim = get_user_model().objects.get(username="victime")
    assert not Membership.objects.filter(club=club, user=victim).exists()
    client.logout()
    taken = client.post(a_link, {"password1": PASSWORD, "password2": PASSWORD})
    assert taken.status_code == 400
    victim.refresh_from_db()
    assert not victim.has_usable_password()
    assert client.get(b_link).status_code == 200  # B's own link still opens
    # A club never gets a link for an account another club created, even one already in
    # the club (taken before this fix).
    legacy = Membership.objects.create(club=club, user=victim, role="organisateur")
    with pytest.raises(UserError):
        services.member_link(membership=legacy, by=Actor("patron"))
    assert client.get(b_link).status_code == 200


def test_the_members_form_answers_alike_whether_the_name_exists_or_not(client, club):
    organiser("existant")

    def answer(name):
        response = add(client, club, username=name)
        page = response.content.decode()
        page = re.sub(r"/invitation/[A-Za-z0-9_-]+/", "/invitation/T/", page)
        page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)
        page = re.sub(r"\d\d/\d\d \d\d:\d\d", "", page)
        # Each answered on the same club's page as it was: nothing of the other.
        MemberInvite.objects.all().delete()
        ClubEntry.objects.all().delete()
        return response.status_code, page.replace(name, "NOM")

    assert answer("existant") == answer("inconnu")


def test_a_bad_username_is_refused_in_french(client, club):
    for name in ("deux mots", "", "a\u200bb"):
        response = add(client, club, username=name)
        assert response.status_code == 400
    assert Membership.objects.filter(club=club).count() == 1


def test_the_responsable_changes_a_role_and_removes_a_member(client, club):
    member = joined(client, club)
    client.post(reverse("tournament:member_role", args=[club.slug, member.pk]),
                {f"m{member.pk}-role": "organisateur"})
    member.refresh_from_db()
    assert member.role == "organisateur"
    client.post(reverse("tournament:member_remove", args=[club.slug, member.pk]))
    assert not Membership.objects.filter(pk=member.pk).exists()
    assert get_user_model().objects.filter(username="marcel").exists()  # the account stays
    assert list(ClubEntry.objects.order_by("at", "pk").values_list("action", "before", "after")
                ) == [("invite", "", "marque"), ("joined", "", ""),
                      ("role", "marque", "organisateur"),
                      ("remove", "organisateur", "")]


def test_the_last_responsable_is_neither_removed_nor_demoted(client, club):
    boss = Membership.objects.get(club=club)
    client.force_login(boss.user)
    response = client.post(reverse("tournament:member_remove", args=[club.slug, boss.pk]),
                           follow=True)
    assert "dernier responsable" in response.content.decode()
    client.post(reverse("tournament:member_role", args=[club.slug, boss.pk]),
                {f"m{boss.pk}-role": "marque"})
    boss.refresh_from_db()
    assert boss.role == "responsable" and not ClubEntry.objects.exists()
    with pytest.raises(UserError, match="dernier responsable"):
        services.member_remove(membership=boss, by=Actor("patron"))
    # With a second responsable, the first may go.
    joined(client, club, username="second", role="responsable")
    services.member_remove(membership=boss, by=Actor("patron"))
    assert list(Membership.objects.values_list("user__username", flat=True)) == ["second"]


def test_a_removed_members_link_no_longer_opens(client, club):
    link = path_of(link_in(add(client, club)))
    # A link made before invitations were pending: the member existed before its password.
    MemberInvite.objects.update(role="")
    member = Membership.objects.create(club=club, user=get_user_model().objects.get(
        username="marcel"), role="marque")
    client.post(reverse("tournament:member_remove", args=[club.slug, member.pk]))
    client.logout()
    assert client.get(link).status_code == 404


def test_a_member_of_another_club_is_not_touched_through_this_clubs_pages(client, club):
    other = services.club_create(name="Voisins", responsable=organiser("voisin"))
    theirs = Membership.objects.get(club=other)
    client.force_login(boss_of(club))
    url = reverse("tournament:member_remove", args=[club.slug, theirs.pk])
    assert client.post(url).status_code == 404
    assert Membership.objects.filter(pk=theirs.pk).exists()


def test_the_members_page_fits_a_phone_and_lists_roles(client, club):
    add(client, club)
    page = client.get(reverse("tournament:members", args=[club.slug])).content.decode()
    assert 'name="viewport"' in page and 'class="members"' in page
    assert "Table de marque" in page and "Responsable" in page


# --- The home page, creating in one of several clubs ----------------------------------


def test_the_home_page_lists_the_concours_of_every_club_of_the_account(client):
    account = organiser("double")
    first = services.club_create(name="Alpha", responsable=account)
    second = services.club_create(name="Bêta", responsable=organiser("autre"))
    Membership.objects.create(club=second, user=account, role="marque")
    tournament(owner=account, club=first, name="Concours Alpha", published=False)
    tournament(owner=boss_of(second), club=second, name="Concours Bêta", published=False)
    tournament(name="Concours public", published=True)
    tournament(name="Concours caché", published=False)
    client.force_login(account)
    page = client.get(reverse("tournament:home")).content.decode()
    assert page.index("Alpha") < page.index("Concours Alpha") < page.index("Bêta") < \
        page.index("Concours Bêta") < page.index("Concours public")
    assert "Concours caché" not in page


def test_creating_asks_which_club_when_the_account_organises_in_several(client):
    account = organiser("double")
    first = services.club_create(name="Alpha", responsable=account)
    second = services.club_create(name="Bêta", responsable=organiser("autre"))
    Membership.objects.create(club=second, user=account, role="organisateur")
    client.force_login(account)
    form = client.get(reverse("tournament:create")).context["form"]
    assert set(form.fields["club"].queryset) == {first, second}
    client.post(reverse("tournament:create"), {
        "name": "Chez Bêta", "date": "2026-12-01", "preset": "ffb-coinche",
        "club": str(second.pk)})
    assert Tournament.objects.get(name="Chez Bêta").club == second
    # One club only: no question, the concours goes there.
    single = organiser("seul")
    services.club_create(name="Gamma", responsable=single)
    client.force_login(single)
    assert "club" not in client.get(reverse("tournament:create")).context["form"].fields


def test_a_club_the_account_does_not_organise_in_is_not_offered(client):
    account = organiser("double")
    services.club_create(name="Alpha", responsable=account)
    services.club_create(name="Alpha 2", responsable=account)
    other = services.club_create(name="Voisins", responsable=organiser("autre"))
    client.force_login(account)
    client.post(reverse("tournament:create"), {
        "name": "Intrusion", "date": "2026-12-01", "preset": "ffb-coinche",
        "club": str(other.pk)})
    assert not Tournament.objects.filter(name="Intrusion").exists()


def test_a_table_de_marque_only_creates_no_concours(client):
    club = services.club_create(name="Alpha", responsable=organiser("chef"))
    marque = organiser("marque")
    Membership.objects.create(club=club, user=marque, role="marque")
    client.force_login(marque)
    assert client.get(reverse("tournament:create")).status_code == 403
    assert "Nouveau concours" not in client.get(reverse("tournament:home")).content.decode()
    assert Club.objects.count() == 1


# --- Who last changed what -----------------------------------------------------------------


def test_the_desk_pages_say_who_last_changed_what(client):
    boss = organiser("chef")
    t = drawn(owner=boss, teams=4, published=True)
    marque = organiser("josette")
    Membership.objects.create(club=t.club, user=marque, role="marque")
    client.force_login(marque)
    game = Game.objects.get(round__tournament=t, table=1)
    client.post(reverse("tournament:game", args=[t.slug, 1, 1]),
                {"taker": "NS", "contract": "80", "trump": "H", "taker_points": "100"})
    assert game.donnes.count() == 1
    for url in (reverse("tournament:game", args=[t.slug, 1, 1]),
                reverse("tournament:round", args=[t.slug, 1])):
        page = client.get(url).content.decode()
        assert "Dernière modification : josette, à" in page
    client.post(reverse("tournament:teams", args=[t.slug]),
                {"name": "Tardifs", "player1": "A", "player2": "B"})
    client.force_login(boss)
    assert "Dernière modification : josette" in client.get(
        reverse("tournament:teams", args=[t.slug])).content.decode()
    # A visitor of the published concours sees no such line.
    client.logout()
    assert "Dernière modification" not in client.get(
        reverse("tournament:round", args=[t.slug, 1])).content.decode()


def test_the_help_page_has_the_table_of_who_may_do_what(client):
    page = client.get(reverse("help")).content.decode()
    assert 'id="who-may"' in page and "Table de marque" in page
    assert "Gérer les membres du club" in page


def test_the_responsable_renames_the_club_and_the_record_says_it(client):
    """Issue 32: « Mon club », the first start's name, could not be changed, and was printed
    on the site export and the season's PDF."""
    boss = organiser("premier")
    club = services.club_first(responsable=boss)
    assert club.name == "Mon club"
    client.force_login(boss)
    refused = client.post(reverse("tournament:club_rename", args=[club.slug]),
                          {"name": "Amicale\u202e"})
    assert refused.status_code == 400 and not ClubEntry.objects.filter(action="rename")
    done = client.post(reverse("tournament:club_rename", args=[club.slug]),
                       {"name": "Amicale de la Belote"}, follow=True)
    club.refresh_from_db()
    assert (club.name, club.slug) == ("Amicale de la Belote", "mon-club")
    entry = ClubEntry.objects.get(action="rename")
    assert (entry.before, entry.after, entry.actor) == ("Mon club", "Amicale de la Belote",
                                                        "premier")
    page = done.content.decode()
    assert "« Mon club » → « Amicale de la Belote »" in page.replace("&#x27;", "'")


def test_an_organisateur_does_not_rename_the_club(client, club):
    member = joined(client, club, "orga", "organisateur").user  # a member since the link
    client.force_login(member)
    response = client.post(reverse("tournament:club_rename", args=[club.slug]),
                           {"name": "Autre nom"})
    assert response.status_code == 403
    club.refresh_from_db()
    assert club.name == "Belote Club"
