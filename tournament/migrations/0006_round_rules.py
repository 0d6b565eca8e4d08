"""Each partie records the end of its games (`Round.target`, `Round.max_donnes`): from now on
the organiser can change them from a given partie on, and the parties already played keep
theirs. Existing parties were all played under their tournament's current values: they
record those."""

from django.db import migrations, models


def record_limits(apps, schema_editor):
    Round = apps.get_model("tournament", "Round")
    for round_ in Round.objects.select_related("tournament"):
        round_.target = round_.tournament.target
        round_.max_donnes = round_.tournament.max_donnes
        round_.save(update_fields=["target", "max_donnes"])


class Migration(migrations.Migration):
    dependencies = [("tournament", "0005_recompute_v2")]

    operations = [
        migrations.AddField(
            model_name="round", name="target",
            field=models.PositiveIntegerField(blank=True, null=True, verbose_name="partie en"),
        ),
        migrations.AddField(
            model_name="round", name="max_donnes",
            field=models.PositiveSmallIntegerField(blank=True, null=True,
                                                   verbose_name="nombre de donnes"),
        ),
        migrations.RunPython(record_limits, migrations.RunPython.noop),
    ]
