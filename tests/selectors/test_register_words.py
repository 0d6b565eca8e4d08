"""The register's words (models.club.RegisterWord): the type-ahead's search served by an index
finds exactly what the word-by-word reading of the names finds, and the words follow every
change of a name or a licence."""

import importlib

from django.apps import apps
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from tests.builders import organiser
from tournament import selectors, services
from tournament.models import ClubPlayer, RegisterWord
from tournament.models.players import licence_key
from tournament.validators import key_words, search_key


def _reference(players: list[ClubPlayer], query: str) -> list[int]:
    """What the type-ahead must suggest, read the slow way: every word typed starts a word
    of the name, or the licence starts with what is typed; in the register's order."""
    typed = key_words(search_key(query))[:6]
    number = licence_key(query)
    found = [player for player in players if not player.anonymised and typed and (
        all(any(word.startswith(each) for word in key_words(player.key)) for each in typed)
        or (number and player.licence_key.startswith(number)))]
    return [player.pk for player in sorted(found, key=lambda player: (player.key, player.pk))]


# Few letters, so that names share their beginnings and queries find several of them.
letters = st.text("abdeéÉ", min_size=1, max_size=4)
names = st.builds(lambda words, joins: "".join(
    word + join for word, join in zip(words, joins, strict=False)).strip("-' ") or "a",
    st.lists(letters, min_size=1, max_size=3), st.lists(st.sampled_from([" ", "-", "'"]),
                                                         min_size=3, max_size=3))
register = st.lists(st.tuples(names, st.sampled_from(["", "Éa", "bé-dé"]),
                              st.sampled_from(["", "AB 1", "ab2", "B 12"])),
                    min_size=1, max_size=12)
queries = st.text("abdeé -'B12", max_size=6)


class TestRegisterWords(TestCase):
    @settings(max_examples=60)
    @given(register, st.lists(queries, min_size=1, max_size=4))
    def test_the_indexed_search_finds_what_the_names_read_word_by_word_find(self, rows,
                                                                            typed):
        club = services.club_of_organiser(organiser("presidente"))
        for index, (name, first_name, licence) in enumerate(rows):
            # A licence once per register (it is unique in the club).
            services.club_player_create(club=club, name=name, first_name=first_name,
                                        licence=f"{licence}{index}" if licence else "")
        players = list(ClubPlayer.objects.filter(club=club))
        for query in typed:
            expected = _reference(players, query)
            assert [player.pk for player in selectors.register_search(
                club, query, limit=len(players))] == expected, query
            assert [player.pk for player in selectors.register_search(club, query)] == \
                expected[:10]


def test_the_words_follow_a_renamed_player_and_an_anonymised_one(db):
    club = services.club_of_organiser(organiser("presidente"))
    player = services.club_player_create(club=club, name="Castel", first_name="Mireille",
                                         licence="AB 77")
    assert selectors.register_search(club, "mireille") == [player]
    services.club_player_update(player=ClubPlayer.objects.get(pk=player.pk), name="Dupré-Castel",
                                first_name="Mireille", licence="CD 88")
    assert selectors.register_search(club, "castel mir") == [player]
    assert selectors.register_search(club, "dupre") == [player]
    assert selectors.register_search(club, "cd8") == [player]
    assert selectors.register_search(club, "ab7") == []
    services.club_player_anonymise(player=ClubPlayer.objects.get(pk=player.pk))
    assert selectors.register_page(club, "castel").players == []
    assert selectors.register_page(club, "cd8").players == []
    assert set(RegisterWord.objects.filter(player=player).values_list("word", flat=True)) \
        == set(key_words(ClubPlayer.objects.get(pk=player.pk).key))


def test_the_migration_writes_the_words_the_model_writes(db):
    club = services.club_of_organiser(organiser("presidente"))
    for name, first_name, licence in [("D'Arc", "Jean-Pierre", "AB 1"), ("Le Gall", "Zoé", ""),
                                      ("O’Neil", "Ana", "x")]:
        services.club_player_create(club=club, name=name, first_name=first_name,
                                    licence=licence)

    def rows() -> set[tuple[int, bool, str, str]]:
        return set(RegisterWord.objects.values_list("player_id", "licence", "stem", "word"))

    written = rows()
    assert {"d", "arc", "jean", "pierre", "le", "gall", "zoe", "o", "neil", "ana"} == {
        word for _pk, licence, _stem, word in written if not licence}
    assert {(stem, word) for _pk, licence, stem, word in written if licence} == {
        (licence_key("AB 1")[:length], licence_key("AB 1")) for length in (1, 2, 3)} | {
        (licence_key("x"), licence_key("x"))}
    RegisterWord.objects.all().delete()
    migration = importlib.import_module("tournament.migrations.0024_register_words")
    migration.write_words(apps, None)
    assert rows() == written
