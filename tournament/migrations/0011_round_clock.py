from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0010_scoring_v3'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='clock_minutes',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='durée de la partie (minutes)'),
        ),
        migrations.AddField(
            model_name='round',
            name='clock_ends',
            field=models.DateTimeField(blank=True, null=True, verbose_name='fin du chrono'),
        ),
    ]
