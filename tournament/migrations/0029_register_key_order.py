"""The register's keys in the order every page shows a name, « prénom nom » (issue 32): the
register is sorted by them, and the type-ahead's words carry a copy (RegisterWord.key). Only
a player with a first name apart changes. Folded here as validators.search_key folds today,
without importing the live code."""

import unicodedata

from django.db import migrations


def _fold(text):
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.split())


def _rekey(apps, first_name_first):
    ClubPlayer = apps.get_model("tournament", "ClubPlayer")
    RegisterWord = apps.get_model("tournament", "RegisterWord")
    players = ClubPlayer.objects.exclude(first_name="").only("pk", "name", "first_name", "key")
    for player in players.iterator(chunk_size=2000):
        parts = ((player.first_name, player.name) if first_name_first
                 else (player.name, player.first_name))
        key = _fold(" ".join(parts))
        if key != player.key:
            ClubPlayer.objects.filter(pk=player.pk).update(key=key)
            RegisterWord.objects.filter(player_id=player.pk).update(key=key)


def first_name_first(apps, schema_editor):
    _rekey(apps, True)


def name_first(apps, schema_editor):
    _rekey(apps, False)


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0028_phases"),
    ]

    operations = [
        migrations.RunPython(first_name_first, name_first),
    ]
