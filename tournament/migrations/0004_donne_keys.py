"""Donnes get a stable key, and journal entries name the donne they are about by that key.

A donne's number shifts when an earlier donne is deleted, so an entry that pointed at a
number could restore onto another donne. Existing donnes get distinct keys before the column
becomes unique (the pattern of 0002's tokens); existing entries keep an empty key and are
matched by number and value when restored.
"""

from django.db import migrations, models

import tournament.models


def give_keys(apps, schema_editor):
    DonneRecord = apps.get_model("tournament", "DonneRecord")
    for record in DonneRecord.objects.filter(key__isnull=True).only("pk"):
        record.key = tournament.models.new_donne_key()
        record.save(update_fields=["key"])


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0003_scoring_v2"),
    ]

    operations = [
        migrations.AddField(
            model_name="auditentry",
            name="donne_key",
            field=models.CharField(blank=True, default="", max_length=22),
        ),
        migrations.AddField(
            model_name="donnerecord",
            name="key",
            field=models.CharField(editable=False, max_length=22, null=True),
        ),
        migrations.RunPython(give_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="donnerecord",
            name="key",
            field=models.CharField(
                default=tournament.models.new_donne_key, editable=False, max_length=22,
                unique=True,
            ),
        ),
    ]
