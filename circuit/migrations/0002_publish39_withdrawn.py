from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("circuit", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="receivedconcours",
            name="withdrawn",
            field=models.DateTimeField(blank=True, null=True, verbose_name="retiré le"),
        ),
    ]
