"""Data changed behind the organiser's back (issue 20, part A): a rules change or a journal
restore touches only the parties and fields it names; a stale page acts on nothing else."""

import pytest
from django.urls import reverse

from tests.builders import form_posted, made, organiser, tournament
from tournament import selectors, services
from tournament.errors import GameGone, UserError
from tournament.models import AuditEntry, Game, Round, Tournament

pytestmark = pytest.mark.django_db


def _play_round(round_, donnes: int | None = None) -> None:
    """Enter plain donnes (NS 80 ♥, 100 points) at every table until its game ends."""
    for game in round_.games.filter(team_ew__isnull=False):
        game.refresh_from_db()
        while not game.finished and (donnes is None or game.played < donnes):
            services.donne_record(game=game, number=None, donne=made(points=100))
            game.refresh_from_db()


def _results(t, number: int) -> list[tuple]:
    return list(Game.objects.filter(round__tournament=t, round__number=number)
                .order_by("table").values_list("finished", "winner", "played"))


def test_restoring_a_forfeit_points_change_leaves_partie_1_played_in_4_donnes_alone():
    t = tournament(owner=organiser(), teams=4, target=None, max_donnes=4)
    _play_round(services.round_generate(tournament=t, seed=3))
    services.round_generate(tournament=t, seed=4)
    played = _results(t, 1)
    assert played == [(True, "NS", 4), (True, "NS", 4)]
    services.tournament_rules_update(tournament=t, max_donnes=8, from_partie=2)
    services.tournament_rules_update(tournament=t, forfeit_points=500)
    entry = AuditEntry.objects.filter(tournament=t, kind="rules").latest("id")
    services.audit_restore(entry=entry, which="before")
    t.refresh_from_db()
    assert t.forfeit_points != 500
    assert _results(t, 1) == played
    limits = dict(Round.objects.filter(tournament=t).values_list("number", "max_donnes"))
    assert limits == {1: 4, 2: 8}
    assert t.max_donnes == 8


def test_restoring_an_end_of_a_game_change_gives_back_only_the_parties_it_named():
    t = tournament(owner=organiser(), teams=4, target=None, max_donnes=4)
    _play_round(services.round_generate(tournament=t, seed=3))
    services.round_generate(tournament=t, seed=4)
    services.tournament_rules_update(tournament=t, max_donnes=8, from_partie=2)
    entry = AuditEntry.objects.filter(tournament=t, kind="rules").latest("id")
    services.audit_restore(entry=entry, which="before")
    limits = dict(Round.objects.filter(tournament=t).values_list("number", "max_donnes"))
    assert limits == {1: 4, 2: 4}
    assert _results(t, 1) == [(True, "NS", 4), (True, "NS", 4)]


@pytest.fixture
def twelve():
    """Four teams, 12 donnes a game, parties 1 and 2 played, 8 donnes from partie 3."""
    t = tournament(owner=organiser(), teams=4, target=None, max_donnes=12)
    for seed in (3, 4):
        _play_round(services.round_generate(tournament=t, seed=seed))
    services.tournament_rules_update(tournament=t, max_donnes=8, from_partie=3)
    return Tournament.objects.get(pk=t.pk)


def test_changing_only_the_criteria_from_partie_2_keeps_partie_2_in_12_donnes(twelve):
    # The rules page posts every field, the end of a game as the concours has it.
    changed = services.tournament_rules_update(tournament=twelve, criteria=["points", "wins"],
                                         target=None, max_donnes=8, from_partie=2)
    assert changed == []
    limits = dict(Round.objects.filter(tournament=twelve).values_list("number", "max_donnes"))
    assert limits == {1: 12, 2: 12}
    assert set(Game.objects.filter(round__tournament=twelve, round__number=2)
               .values_list("played", flat=True)) == {12}
    assert Tournament.objects.get(pk=twelve.pk).criteria == ["points", "wins"]


def test_a_new_target_from_partie_2_leaves_partie_2_its_number_of_donnes(twelve):
    services.tournament_rules_update(tournament=twelve, target=2000, max_donnes=8, from_partie=2,
                               confirm=True)
    limits = list(Round.objects.filter(tournament=twelve).order_by("number")
                  .values_list("target", "max_donnes"))
    assert limits == [(None, 12), (2000, 12)]


def test_restoring_an_old_rules_entry_undoes_only_what_that_entry_changed():
    t = tournament(owner=organiser(), teams=4)
    services.tournament_rules_update(tournament=t, forfeit_points=500)
    entry = AuditEntry.objects.filter(tournament=t, kind="rules").latest("id")
    services.tournament_rules_update(tournament=t, criteria=["points", "wins"], rounding=False)
    services.audit_restore(entry=entry, which="before")
    t.refresh_from_db()
    assert t.forfeit_points != 500
    assert t.criteria == ["points", "wins"] and t.rounding is False


def test_an_entry_on_a_game_whose_draw_was_undone_is_a_french_refusal():
    t = tournament(owner=organiser(), teams=4)
    round_ = services.round_generate(tournament=t, seed=1)
    game = round_.games.get(table=1)
    services.round_undo(round_=round_)
    with pytest.raises(GameGone) as error:
        services.donne_record(game=game, side="NS", number=None, donne=made())
    assert "n'existe plus" in error.value.message


def test_a_phone_posting_while_the_draw_is_undone_is_told_the_table_is_gone(client,
                                                                           monkeypatch):
    from tournament.views import table

    t = tournament(owner=organiser(), teams=4)
    round_ = services.round_generate(tournament=t, seed=1)
    token = round_.games.get(table=1).token
    looked_up = table.linked_side

    def undone_meanwhile(*args, **kwargs):
        found = looked_up(*args, **kwargs)
        services.round_undo(round_=round_)  # the organiser's click, between lookup and save
        return found

    monkeypatch.setattr(table, "linked_side", undone_meanwhile)
    response = client.post(reverse("tournament:table_link", args=[token]),
                           {"taker": "NS", "contract": "80", "trump": "H",
                            "taker_points": "100", "position": "1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 404
    assert not Round.objects.filter(tournament=t).exists()


# --- Donnes addressed by their stable key ---------------------------------------------------

FIX = {"taker": "NS", "contract": "80", "trump": "H", "taker_points": "120"}


def _four_donnes(owner):
    t = tournament(owner=owner, teams=2, target=None, max_donnes=12)
    game = services.round_generate(tournament=t, seed=1).games.get(table=1)
    for points in (100, 101, 102, 103):
        services.donne_record(game=game, number=None, donne=made(points=points))
    return t, game


def _points(game) -> list[int]:
    return list(game.donnes.order_by("number").values_list("taker_points", flat=True))


@pytest.mark.parametrize("phone", [True, False])
def test_a_stale_correction_of_donne_3_after_donne_2_is_deleted_is_refused(client, phone):
    owner = organiser()
    t, game = _four_donnes(owner)
    client.force_login(owner)
    url = (reverse("tournament:table_link", args=[game.token]) if phone else
           reverse("tournament:game", args=[t.slug, 1, game.table]))
    form = client.get(url, {"edit": 3}).context["form"]
    services.donne_delete(game=game, number=2)  # another tab, meanwhile
    assert _points(game) == [100, 102, 103]
    posted = {**FIX, "number": "3", "version": form.initial["version"],
              "key": form.initial["key"]}
    response = client.post(url, posted, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "est devenue la donne 2" in response.content.decode()
    assert _points(game) == [100, 102, 103]


def test_a_correction_of_a_deleted_donne_is_refused():
    _t, game = _four_donnes(organiser())
    key = game.donnes.get(number=4).key
    services.donne_delete(game=game, number=4)
    with pytest.raises(UserError) as error:
        services.donne_record(game=game, number=4, donne=made(points=90), key=key)
    assert "supprimée" in error.value.message
    assert _points(game) == [100, 101, 102]


def test_a_stale_supprimer_does_not_delete_the_donne_that_moved_into_its_number(client):
    owner = organiser()
    t, game = _four_donnes(owner)
    client.force_login(owner)
    page = client.get(reverse("tournament:game", args=[t.slug, 1, game.table])).content.decode()
    third = game.donnes.get(number=3)
    assert f'name="key" value="{third.key}"' in page
    services.donne_delete(game=game, number=2)  # another tab, meanwhile
    response = client.post(reverse("tournament:donne_delete", args=[t.slug, 1, game.table, 3]),
                           {"key": third.key}, follow=True)
    assert "est devenue la donne 2" in response.content.decode()
    assert _points(game) == [100, 102, 103]


def test_supprimer_deletes_the_donne_its_key_names(client):
    owner = organiser()
    t, game = _four_donnes(owner)
    client.force_login(owner)
    url = reverse("tournament:donne_delete", args=[t.slug, 1, game.table, 3])
    assert "rechargez" in client.post(url, follow=True).content.decode()  # no key: refused
    client.post(url, {"key": game.donnes.get(number=3).key})
    assert _points(game) == [100, 101, 103]


# --- A stale page of shared settings ---------------------------------------------------------


def test_a_stale_rules_page_does_not_undo_another_tabs_change(client):
    owner = organiser()
    t = tournament(owner=owner, teams=4)
    client.force_login(owner)
    url = reverse("tournament:rules", args=[t.slug])
    first, second = client.get(url), client.get(url)  # two tabs
    assert 'name="stamp"' in first.content.decode()
    data = {**form_posted(first.context["form"]), "stamp": first.context["stamp"],
            "two_confirmations": "on"}
    assert client.post(url, data, follow=True).redirect_chain  # its message read there
    stale = {**form_posted(second.context["form"]), "stamp": second.context["stamp"],
             "parties_planned": "6"}
    stale.pop("two_confirmations", None)
    response = client.post(url, stale, follow=True)
    assert not response.redirect_chain
    page = response.content.decode()
    assert "vient d&#x27;être modifié depuis un autre onglet" in page
    assert "Règlement enregistré" not in page and "Concours enregistré" not in page
    t.refresh_from_db()
    assert t.two_confirmations is True and t.parties_planned != 6


def test_a_stale_team_form_does_not_undo_another_tabs_player_name(client):
    owner = organiser()
    t = tournament(owner=owner, teams=2)
    client.force_login(owner)
    url = reverse("tournament:team", args=[t.slug, 1])
    first, second = client.get(url), client.get(url)
    base = {"name": "Équipe 1", "player1": "Joueur 1A", "player2": "Joueur 1B", "club": ""}
    assert client.post(url, {**base, "player1": "Zélie", "stamp": first.context["stamp"]}
                       ).status_code == 302
    response = client.post(url, {**base, "club": "Belote club",
                                 "stamp": second.context["stamp"]})
    assert "vient d&#x27;être modifiée depuis un autre onglet" in response.content.decode()
    team = Tournament.objects.get(pk=t.pk).teams.get(number=1)
    assert (team.player1, team.club) == ("Zélie", "")


def test_a_stale_player_form_does_not_undo_another_tabs_change(client):
    from tests.builders import melee

    owner = organiser()
    t = melee(owner=owner, players=4)
    client.force_login(owner)
    url = reverse("tournament:player", args=[t.slug, 1])
    first, second = client.get(url), client.get(url)
    assert client.post(url, {"name": "Zélie Zoé", "club": "Club A", "licence": "",
                             "stamp": first.context["stamp"]}).status_code == 302
    response = client.post(url, {"name": "Joueur 1", "club": "Club C", "licence": "",
                                 "stamp": second.context["stamp"]})
    assert "vient d&#x27;être modifié depuis un autre onglet" in response.content.decode()
    player = t.players.get(number=1)
    assert (player.name, player.club) == ("Zélie Zoé", "Club A")


# --- Every error at once ---------------------------------------------------------------------


def test_the_team_form_says_a_taken_name_and_a_missing_player_at_once(client):
    owner = organiser()
    t = tournament(owner=owner, teams=2)
    client.force_login(owner)
    response = client.post(reverse("tournament:teams", args=[t.slug]),
                           {"name": "équipe 1", "player1": "Anne", "player2": "", "club": ""})
    form = response.context["form"]
    assert set(form.errors) == {"name", "player2"}
    assert "déjà inscrite" in form.errors["name"][0]
    assert t.teams.count() == 2
    # The team's own page too: another team's name, a player left empty.
    response = client.post(reverse("tournament:team", args=[t.slug, 1]),
                           {"name": "Équipe 2", "player1": "", "player2": "B", "club": ""})
    assert set(response.context["form"].errors) == {"name", "player1"}


# --- Late teams after time was called; a late team that could not be seated -----------------


def test_a_table_seated_late_after_time_was_called_plays_one_donne(client):
    owner = organiser()
    t = tournament(owner=owner, teams=5, target=None, max_donnes=12)
    round_ = services.round_generate(tournament=t, seed=5)
    services.team_create(tournament=t, name="Les Retardataires", player1="L", player2="T")
    services.team_create(tournament=t, name="Les Derniers", player1="D", player2="N")
    services.round_time_call(round_=round_, in_play=[])
    client.force_login(owner)
    response = client.post(reverse("tournament:round_late_table", args=[t.slug, 1]),
                           {"team_a": "6", "team_b": "7"}, follow=True)
    assert "cette table joue une donne" in response.content.decode()
    game = Game.objects.get(round=round_, team_ew__name="Les Derniers")
    assert game.stop_after == 1
    services.donne_record(game=game, number=None, donne=made(points=100))
    game.refresh_from_db()
    assert game.finished and game.played == 1
    # Undoing time called lets it play on, as the other tables.
    services.round_time_cancel(round_=round_)
    game.refresh_from_db()
    assert game.stop_after is None and not game.finished


def test_the_exempt_teams_table_seated_after_time_was_called_plays_one_donne():
    t = tournament(owner=organiser(), teams=5, target=None, max_donnes=12)
    round_ = services.round_generate(tournament=t, seed=5)
    team = services.team_create(tournament=t, name="Les Retardataires", player1="L",
                                player2="T")
    services.round_time_call(round_=round_, in_play=[])
    game = services.round_seat_against_bye(round_=round_, team=team)
    assert game.stop_after == 1 and not game.finished
    services.donne_record(game=game, number=None, donne=made(points=100))
    game.refresh_from_db()
    assert game.finished and game.played == 1


def test_a_late_team_that_could_not_be_seated_gets_the_exempt_score_on_request(client):
    owner = organiser()
    t = tournament(owner=owner, teams=4, bye_points=500)
    round_ = services.round_generate(tournament=t, seed=5)
    services.team_create(tournament=t, name="Les Retardataires", player1="L", player2="T")
    client.force_login(owner)
    page = client.get(reverse("tournament:round", args=[t.slug, 1])).content.decode()
    assert "Lui donner le score d'une exemption" in page
    response = client.post(reverse("tournament:round_late_exempt", args=[t.slug, 1]),
                           {"team": "5"}, follow=True)
    assert "marque le score d&#x27;une équipe exempte à cette partie : 500 points" in \
        response.content.decode()
    game = Game.objects.get(round=round_, team_ns__number=5)
    assert game.is_bye and game.finished and game.score_ns == 500 and game.table == 3
    assert selectors.round_waiting_teams(round_) == []
    entry = AuditEntry.objects.filter(kind="pairing", action="create").get()
    assert (entry.table, entry.after) == (3, [5, None])
    # Once only: it is no longer waiting.
    with pytest.raises(UserError):
        services.round_seat_as_exempt(round_=round_, team=t.teams.get(number=5))


def test_a_phones_totals_posted_while_the_draw_is_undone_are_told_the_table_is_gone(
        client, monkeypatch):
    from tournament.views import table

    t = tournament(owner=organiser(), teams=4)
    services.tournament_results_update(tournament=t, paper_by_tables=True)
    round_ = services.round_generate(tournament=t, seed=1)
    token = round_.games.get(table=1).token
    looked_up = table.linked_side

    def undone_meanwhile(*args, **kwargs):
        found = looked_up(*args, **kwargs)
        services.round_undo(round_=round_)
        return found

    monkeypatch.setattr(table, "linked_side", undone_meanwhile)
    response = client.post(reverse("tournament:table_link_totals", args=[token]),
                           {"score_ns": "1000", "score_ew": "600", "donnes": "10"})
    assert response.status_code == 404


def test_the_rules_page_stays_valid_while_only_other_things_change(client):
    owner = organiser()
    t = tournament(owner=owner, teams=4, published=False)
    game = services.round_generate(tournament=t, seed=1).games.get(table=1)
    client.force_login(owner)
    url = reverse("tournament:rules", args=[t.slug])
    shown = client.get(url)
    services.donne_record(game=game, number=None, donne=made())  # a phone, meanwhile
    services.tournament_publish(tournament=t, published=True)
    data = {**form_posted(shown.context["form"]), "stamp": shown.context["stamp"],
            "parties_planned": "6"}
    assert client.post(url, data).status_code == 302
    assert Tournament.objects.get(pk=t.pk).parties_planned == 6
