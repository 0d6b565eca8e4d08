# The journal's entry kinds are the registry's (tournament.journal, one module per kind): the
# column keeps no choices, so that a new kind takes no migration (AuditEntry.clean and
# journal.log.entry refuse a key the registry does not know).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0025_sponsors"),
    ]

    operations = [
        migrations.AlterField(
            model_name="auditentry",
            name="kind",
            field=models.CharField(max_length=10, verbose_name="objet"),
        ),
    ]
