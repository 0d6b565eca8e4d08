"""Every concours has a club (0012 gave each organiser's concours to a club of theirs): the
column becomes required, in a migration of its own (PostgreSQL alters no table whose rows the
same transaction changed)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0012_club"),
    ]

    operations = [
        migrations.AlterField(
            model_name='tournament',
            name='club',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='tournaments', to='tournament.club', verbose_name='club'),
        ),
    ]
