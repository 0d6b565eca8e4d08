"""The register's words, which the type-ahead's index serves (models.club.RegisterWord),
written for the players already in the register. The words are cut here as the model cuts
them today, from the stored keys (already folded), without importing the live code."""

import django.db.models.deletion
from django.db import migrations, models

STEM = 3
WORD_STARTS = ("-", "'", "\u2019")


def _rows(RegisterWord, player):
    key = player.key
    for before in WORD_STARTS:
        key = key.replace(before, " ")
    words = [(False, word) for word in dict.fromkeys(key.split())]
    if player.licence_key:
        words.append((True, player.licence_key))
    return [RegisterWord(club_id=player.club_id, player_id=player.pk, licence=licence,
                         stem=word[:length], word=word, key=player.key,
                         anonymised=player.anonymised)
            for licence, word in words for length in range(1, min(STEM, len(word)) + 1)]


def write_words(apps, schema_editor):
    ClubPlayer = apps.get_model("tournament", "ClubPlayer")
    RegisterWord = apps.get_model("tournament", "RegisterWord")
    rows = []
    for player in ClubPlayer.objects.only("pk", "club_id", "key", "licence_key", "anonymised").iterator(
            chunk_size=2000):
        rows += _rows(RegisterWord, player)
        if len(rows) >= 5000:
            RegisterWord.objects.bulk_create(rows, batch_size=1000)
            rows = []
    RegisterWord.objects.bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0023_club_rename'),
    ]

    operations = [
        migrations.CreateModel(
            name='RegisterWord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('licence', models.BooleanField(default=False)),
                ('stem', models.CharField(max_length=3)),
                ('word', models.CharField(max_length=250)),
                ('key', models.CharField(max_length=250)),
                ('anonymised', models.BooleanField(default=False)),
                ('club', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournament.club')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournament.clubplayer')),
            ],
            options={
                'indexes': [models.Index(fields=['club', 'anonymised', 'licence', 'stem', 'key', 'player'], name='register_word_stem')],
            },
        ),
        migrations.RunPython(write_words, migrations.RunPython.noop),
    ]
