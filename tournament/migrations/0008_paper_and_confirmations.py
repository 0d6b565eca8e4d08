# Paper totals and two confirmations (issue 13): the sheet's passed donnes and points
# attribués beside its totals, a disputed score, and the journal's "score" entries.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0007_formats_and_results"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="paper_passed",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="game",
            name="paper_awarded_ns",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="game",
            name="paper_awarded_ew",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="game",
            name="disputed",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name="auditentry",
            name="kind",
            field=models.CharField(
                choices=[("donne", "donne"), ("pairing", "tables"), ("team", "équipe"),
                         ("rules", "règlement"), ("round", "partie"), ("game", "score")],
                max_length=10, verbose_name="objet"),
        ),
    ]
