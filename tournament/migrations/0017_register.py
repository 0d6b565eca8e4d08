"""The register's log (RegisterEntry), and the register filled from the concours already
played: one register entry per distinct player of each club (its licence, else its name and
club, accents and case ignored as the type-ahead ignores them), every entrant linked to
it.

The folds are copied here (a migration runs with the code of its day, not of tomorrow)."""

import unicodedata

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def _same_name(text):
    return unicodedata.normalize("NFC", text).casefold()


def _licence_key(licence):
    return "".join(_same_name(licence).split())


def _search_key(text):
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.split())


def fill_register(apps, schema_editor):
    Player = apps.get_model("tournament", "Player")
    ClubPlayer = apps.get_model("tournament", "ClubPlayer")
    Club = apps.get_model("tournament", "Club")
    for club in Club.objects.all():
        known = {}
        for row in ClubPlayer.objects.filter(club=club):
            if row.licence_key:
                known[("licence", row.licence_key)] = row.pk
            known.setdefault(("name", row.key, _same_name(row.home_club)), row.pk)
        links = {}  # register entry id -> entrant ids
        entrants = (Player.objects.filter(tournament__club=club, registered__isnull=True)
                    .order_by("tournament__date", "tournament_id", "number")
                    .values_list("pk", "name", "club", "licence"))
        for pk, name, home_club, licence in entrants:
            key = _licence_key(licence)
            identity = (("licence", key) if key
                        else ("name", _search_key(name), _same_name(home_club)))
            if identity not in known:
                known[identity] = ClubPlayer.objects.create(
                    club=club, name=name, licence=licence, licence_key=key,
                    home_club=home_club, key=_search_key(name)).pk
            links.setdefault(known[identity], []).append(pk)
        for registered, ids in links.items():
            Player.objects.filter(pk__in=ids).update(registered=registered)


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0016_season'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='RegisterEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='quand')),
                ('actor', models.CharField(max_length=150, verbose_name='qui')),
                ('action', models.CharField(choices=[('create', 'ajout'), ('update', 'correction'), ('merge', 'fusion'), ('unmerge', 'fusion annulée'), ('anonymise', 'anonymisation')], max_length=10, verbose_name='action')),
                ('before', models.JSONField(blank=True, null=True)),
                ('after', models.JSONField(blank=True, null=True)),
                ('undone', models.DateTimeField(blank=True, null=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='register_log', to='tournament.club')),
                ('player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='log', to='tournament.clubplayer')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-at', '-id'],
                'indexes': [models.Index(fields=['club', 'action'], name='register_entry_action')],
            },
        ),
        migrations.RunPython(fill_register, migrations.RunPython.noop),
    ]
