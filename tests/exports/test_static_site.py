"""« Exporter pour le site »: a zip of static pages whose every link is one of its members,
with no script but its own, no address outside the folder, stored names only, user text escaped."""

import datetime
import io
import zipfile
from decimal import Decimal
from html.parser import HTMLParser
from posixpath import dirname, join, normpath

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.builders import drawn, melee, melee_partie, play_partie, tournament
from tournament import services
from tournament.amounts import PoolLine
from tournament.errors import UserError
from tournament.exports import static_site
from tournament.exports.static_site import builder, data, registry
from tournament.models import ClubPlayer, Player

pytestmark = pytest.mark.django_db

WHEN = datetime.datetime(2026, 11, 21, 23, 30, tzinfo=datetime.UTC)


class Links(HTMLParser):
    """Every address a page names (href, src, action…) and every id it defines."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.ids: set[str] = set()
        self.tags: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        for name, value in attrs:
            if name in ("href", "src", "action", "srcset", "poster", "data") and value:
                self.urls.append(value)
            if name == "id" and value:
                self.ids.add(value)


def members(content: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return {name: archive.read(name).decode() for name in archive.namelist()}


def parsed(text: str) -> Links:
    links = Links()
    links.feed(text)
    return links


def broken_links(files: dict[str, str]) -> list[str]:
    """Each href of each page that is not a member of the zip (or names an id its target
    page lacks), as "page -> href"."""
    ids = {name: parsed(text).ids for name, text in files.items() if name.endswith(".html")}
    broken = []
    for name, text in files.items():
        if not name.endswith(".html"):
            continue
        for url in parsed(text).urls:
            path, _hash, fragment = url.partition("#")
            target = normpath(join(dirname(name), path)) if path else name
            if (":" in url or url.startswith("/") or target not in files
                    or (fragment and fragment not in ids.get(target, set()))):
                broken.append(f"{name} -> {url}")
    return broken


def _played_doublettes(owner, **options):
    t = drawn(owner=owner, teams=4, **options)
    play_partie(t.rounds.get(number=1))
    services.round_generate(tournament=t, seed=7)
    play_partie(t.rounds.get(number=2))
    services.prize_add(tournament=t, start=1, end=None, from_last=False, label="Un jambon")
    return t


def _register(t, number: int, name: str, first_name: str = "", **fields) -> ClubPlayer:
    """Link entrant `number` of `t` to a new entry of its club's register."""
    entry = ClubPlayer.objects.create(club=t.club, name=name, first_name=first_name, **fields)
    Player.objects.filter(tournament=t, number=number).update(registered=entry)
    return entry


def _all_text(files: dict[str, str]) -> str:
    return "\n".join(files.values())


@pytest.fixture
def played(owner):
    return _played_doublettes(owner, parties_planned=2, name="Concours de la Saint-Martin")


def test_a_concours_site_has_its_pages_and_one_page_per_player(played):
    files = members(static_site.concours_zip(played, WHEN))
    folder = f"concours/{played.slug}/"
    # Each player registered at the desk is linked to the club's register: its page is the
    # register entry's.
    entries = [player.registered_id for player in played.players.order_by("number")]
    assert None not in entries
    assert sorted(files) == sorted([
        "index.html", "style.css", "grands-caracteres.js", f"{folder}classement.html",
        f"{folder}parties.html", f"{folder}palmares.html",
        *(f"joueurs/{entry}.html" for entry in entries)])
    standings = files[f"{folder}classement.html"]
    assert "Équipe 1" in standings and "Un jambon" in standings
    parties = files[f"{folder}parties.html"]
    assert 'id="partie-1"' in parties and 'id="partie-2"' in parties
    # A player's page: their parties in this concours, partners and opponents linked.
    page = files[f"joueurs/{entries[0]}.html"]
    assert "Joueur 1A" in page and "Joueur 1B" in page and "gagnée" in page
    assert page.count("parties.html#partie-") == 2


def test_a_team_that_never_arrived_has_no_page_nor_line_on_the_site(owner):
    """Issue 32: its players' pages said « Non classé » for a concours they never played;
    the site leaves them out, as the standings and their PDF do."""
    t = drawn(owner=owner, teams=4, slug="absente")
    absent = services.team_create(tournament=t, name="Jamais venue", player1="Arthur Absent",
                                  player2="Berthe Absente")
    play_partie(t.rounds.get())
    files = members(static_site.concours_zip(t, WHEN))
    text = _all_text(files)
    assert "Jamais venue" not in text and "Arthur Absent" not in text
    assert "Non classé" not in text
    assert f"joueurs/{absent.first.registered_id}.html" not in files
    assert broken_links(files) == []


def test_a_forfeit_reads_forfait_on_both_players_pages_not_its_points(owner):
    """Issue 32: the winner's page showed a forfeit as a game won 1000 to 0."""
    t = drawn(owner=owner, teams=2, slug="forfait")
    game = t.rounds.get().games.select_related("team_ns__first", "team_ew__first").get()
    services.game_forfeit(game=game, side="EW")
    files = members(static_site.concours_zip(t, WHEN))
    won = files[f"joueurs/{game.team_ns.first.registered_id}.html"]
    lost = files[f"joueurs/{game.team_ew.first.registered_id}.html"]
    assert "gagnée par forfait" in won and ">1000<" not in won
    assert 'class="forfeit" data-label="Résultat">forfait<' in lost and ">1000<" not in lost


def test_every_link_of_every_page_is_a_member_of_the_zip(played):
    files = members(static_site.concours_zip(played, WHEN))
    links = [url for name, text in files.items() if name.endswith(".html")
             for url in parsed(text).urls]
    assert len(links) > 50  # the check below reads real links
    assert broken_links(files) == []


def test_the_link_check_finds_a_broken_link():
    # The checker above can fail: a missing page, an absolute address, a missing anchor.
    files = {"index.html": '<a href="joueurs/1.html">x</a><a href="/t/x/">y</a>',
             "a/b.html": '<a href="../index.html#nowhere">z</a><a href="../index.html">w</a>'}
    assert broken_links(files) == ["index.html -> joueurs/1.html", "index.html -> /t/x/",
                                   "a/b.html -> ../index.html#nowhere"]


def test_no_page_has_a_script_or_an_address_outside_the_folder(played):
    files = members(static_site.concours_zip(played, WHEN))
    # The one script is the site's own file (the « grands caractères » box's memory),
    # named by a relative address, the same on every page: no user text reaches a script.
    script = builder.SCRIPT
    for name, text in files.items():
        lowered = text.lower()
        if name.endswith(".html"):
            tag = f'<script src="{"../" * name.count("/")}{script}"></script>'
            assert lowered.count("<script") == 1 and tag in text, name
            # « Grands caractères »: a box that works by CSS alone, the script keeps it.
            assert '<input type="checkbox" id="grands-caracteres">' in text, name
            lowered = lowered.replace(tag, "")
        assert "<script" not in lowered, name
        assert "http://" not in lowered and "https://" not in lowered, name
        assert "url(" not in lowered and "@import" not in lowered, name
        for url in parsed(text).urls:
            assert not url.startswith("//") and ":" not in url, (name, url)
        assert "javascript" not in lowered and "onload" not in lowered, name
    assert "html:has(#grands-caracteres:checked){font-size:125%}" in files["style.css"]


def test_a_melee_site_links_every_player(owner):
    t = melee(owner=owner, players=9, name="Mêlée du jeudi")
    for seed in (1, 2):
        play_partie(melee_partie(t, seed))
    files = members(static_site.concours_zip(t, WHEN))
    assert broken_links(files) == []
    assert len([name for name in files if name.startswith("joueurs/")]) == 9
    # An exempt player's partie says so on their page.
    assert any("exempt" in text for name, text in files.items() if name.startswith("joueurs/"))


def test_registered_players_are_named_by_the_register_and_anonymised_ones_stay_so(played):
    anonymised = _register(played, 1, "Joueur n° 0", anonymised=True)
    anonymised.name = f"Joueur n° {anonymised.pk}"
    anonymised.save()
    Player.objects.filter(tournament=played, number=1).update(name="Gaston Secret")
    _register(played, 2, "Durand", "Léa")
    files = members(static_site.concours_zip(played, WHEN))
    text = _all_text(files)
    assert "Gaston Secret" not in text
    assert f"joueurs/{anonymised.pk}.html" in files
    assert f"Joueur n° {anonymised.pk}" in files[f"joueurs/{anonymised.pk}.html"]
    assert "Léa Durand" in files[f"concours/{played.slug}/classement.html"]
    assert broken_links(files) == []


def test_no_licence_is_ever_written(owner):
    t = tournament(owner=owner, name="Licences")
    services.team_create(tournament=t, name="Les As", player1="Anne", player2="Basile",
                         licence1="LIC-778899", licence2="LIC-112233")
    services.team_create(tournament=t, name="Les Rois", player1="Carla", player2="Denis")
    services.round_generate(tournament=t, seed=1)
    play_partie(t.rounds.get())
    assert t.players.get(number=1).registered.licence == "LIC-778899"  # the register has it
    text = _all_text(members(static_site.concours_zip(t, WHEN)))
    assert "Anne" in text and "LIC-" not in text and "778899" not in text


def test_user_text_is_escaped(owner):
    t = tournament(owner=owner, name='Le "Grand" <Concours> & Cie', place="Salle <b>")
    services.team_create(tournament=t, name="<script>alert(1)</script>",
                         player1='Jo "le" <i>', player2="A & B")
    services.team_create(tournament=t, name="Les Rois", player1="Carla", player2="Denis")
    services.round_generate(tournament=t, seed=1)
    play_partie(t.rounds.get())
    files = members(static_site.concours_zip(t, WHEN))
    text = _all_text(files)
    assert "<script>" not in text and "<i>" not in text and "<Concours>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "Jo &quot;le&quot; &lt;i&gt;" in text and "A &amp; B" in text
    assert "Le &quot;Grand&quot; &lt;Concours&gt; &amp; Cie" in files["index.html"]
    assert broken_links(files) == []


def test_the_site_shows_each_place_s_cash_prize_and_nothing_the_desk_took(owner):
    """The cash prizes are announced in the hall: the standings and the palmarès publish
    each place's, written as the desk writes money, beside its lot; the fees, the payments
    and how each entrant paid stay on the laptop."""
    t = _played_doublettes(owner, slug="prix", parties_planned=2)
    services.fee_set(tournament=t, fee=1850, fee_per="team")
    services.payment_take(tournament=t, number=1, method="cheque", amount=1725)
    services.payment_take(tournament=t, number=2, method="offert")
    services.prize_add(tournament=t, start=1, end=1, from_last=True,
                       label="<b>Un lapin</b> & sa carotte")
    services.cash_pool_set(tournament=t, lines=[PoolLine(1, 1, amount=5625),
                                                PoolLine(2, 2, percent=Decimal("20"))])
    site = data.site(t.name, "Club", [t], WHEN)
    (concours,) = site.concours
    assert concours.cash
    rows = concours.standings
    assert [row.rank for row in rows] == [1, 2, 2, 4]
    # 20 % of the 17,25 € taken (the « offert » paid nothing) is 3,45 €, shared to the cent
    # by the two 2nds, as the palmarès shares it.
    assert [row.cash for row in rows] == [5625, 173, 172, None]
    files = members(static_site.concours_zip(t, WHEN))
    standings = files["concours/prix/classement.html"]
    assert '<th class="num minor">Prix</th>' in standings
    assert '<td class="minor">Un jambon</td><td class="num minor">56,25\u00a0€</td>' in standings
    assert '<span class="lot-inline">Lot : Un jambon · Prix : 1,73\u00a0€</span>' in standings
    palmares = files["concours/prix/palmares.html"]
    assert "<td>Un jambon</td><td class=\"num\">56,25\u00a0€</td>" in palmares
    assert "<td>Un jambon</td><td class=\"num\">1,72\u00a0€</td>" in palmares
    assert 'id="tied-cash"' in palmares and palmares.count("<small>ex aequo</small>") == 2
    # A lot's label is user text, escaped like any other (this one is left unawarded: the
    # jambon of every place came first).
    assert "&lt;b&gt;Un lapin&lt;/b&gt; &amp; sa carotte" in palmares
    assert "<b>Un lapin" not in _all_text(files)
    text = _all_text(files)
    for private in ("18,50", "17,25", "Chèque", "chèque", "offert", "Offert", "payé",
                    "encaiss", "caisse"):
        assert private not in text, private
    assert broken_links(files) == []


def test_a_club_site_links_a_player_across_its_concours(owner):
    first = _played_doublettes(owner, slug="premier", name="Premier", parties_planned=2,
                               date=datetime.date(2026, 10, 3))
    second = _played_doublettes(owner, slug="second", name="Second", parties_planned=2,
                                date=datetime.date(2026, 11, 7))
    assert first.club == second.club
    player = _register(first, 1, "Martin", "Jeanne")
    Player.objects.filter(tournament=second, number=5).update(registered=player)
    # Two players not linked to the register (a concours restored from an old backup).
    Player.objects.filter(tournament=first, number=2).update(registered=None)
    Player.objects.filter(tournament=second, number=1).update(registered=None)
    files = members(static_site.club_zip(first.club, [first, second], WHEN))
    page = files[f"joueurs/{player.pk}.html"]
    assert "../concours/premier/classement.html" in page
    assert "../concours/second/classement.html" in page
    assert page.index("Second") < page.index("Premier")  # the newest concours first
    index = files["index.html"]
    assert index.index("concours/second/") < index.index("concours/premier/")
    assert first.club.name in index
    assert broken_links(files) == []
    # Its unlinked players keep a page each, in their own concours.
    assert "joueurs/premier-2.html" in files and "joueurs/second-1.html" in files


def test_the_zip_is_deterministic_and_in_the_order_of_its_names(played):
    one, two = (static_site.concours_zip(played, WHEN) for _ in range(2))
    assert one == two
    with zipfile.ZipFile(io.BytesIO(one)) as archive:
        names = archive.namelist()
        assert names == sorted(names)
        assert all(info.date_time == (2026, 11, 22, 0, 30, 0) for info in archive.infolist())


def test_a_concours_is_read_in_a_constant_number_of_queries(owner):
    counts = []
    for teams in (4, 12):
        t = drawn(owner=owner, teams=teams, slug=f"taille-{teams}")
        play_partie(t.rounds.get())
        services.round_generate(tournament=t, seed=2)
        with CaptureQueriesContext(connection) as queries:
            data.site(t.name, "Club", [t], WHEN)
        counts.append(len(queries))
        # A cash prize pool of a percentage reads the fees taken: at most one query more, at
        # any size (selectors.money reads the pool and the net fees together).
        services.fee_set(tournament=t, fee=1000, fee_per="team")
        services.payment_take(tournament=t, number=1, method="especes")
        services.cash_pool_set(tournament=t, lines=[PoolLine(1, 2, percent=Decimal("50"))])
        with CaptureQueriesContext(connection) as queries:
            data.site(t.name, "Club", [t], WHEN)
        counts.append(len(queries))
    assert counts[0] == counts[2] and counts[0] <= 12
    assert counts[1] == counts[3] <= counts[0] + 1


def test_a_seasons_pages_are_rendered_listed_and_link_its_players(owner):
    from tests.builders import register_linked
    from tournament.exports.static_site.season import site_season
    from tournament.selectors.season import season_standings

    first = register_linked(drawn(owner=owner, slug="vendredi-1", name="Vendredi 1"))
    play_partie(first.rounds.get())
    season = services.season_create(club=first.club, name="Saison <2026>",
                                    start=datetime.date(2026, 9, 1),
                                    end=datetime.date(2027, 6, 30),
                                    points_table="10,8,6,4", concours=[first.pk])
    standings = season_standings(season)
    site = data.site("Club", "Club", [first], WHEN, seasons=[site_season(standings)])
    files = {name: content.decode() for name, content in builder.pages(site).items()}
    page = files[f"saisons/{season.pk}/classement.html"]
    grid = files[f"saisons/{season.pk}/grille.html"]
    assert f'href="saisons/{season.pk}/classement.html"' in files["index.html"]
    assert "Saison &lt;2026&gt;" in files["index.html"] and "Saison <2026>" not in page
    # Every player of the season, with the points of their place, and a link to their page.
    assert len(standings.rows) == 8
    for row in standings.rows:
        assert f'href="../../joueurs/{row.player}.html">{row.name}</a>' in page
        assert f"<strong>{row.line.points}</strong>" in grid
    assert sorted(row.line.points for row in standings.rows) == [6, 6, 6, 6, 10, 10, 10, 10]
    assert broken_links(files) == []


def test_a_page_registered_twice_is_a_bug():
    with pytest.raises(ValueError):
        registry.register(registry.PAGES["standings"])


def test_a_site_beyond_its_bound_is_refused(played, monkeypatch):
    monkeypatch.setattr(builder, "MAX_PAGES", 3)
    with pytest.raises(UserError):
        static_site.concours_zip(played, WHEN)
