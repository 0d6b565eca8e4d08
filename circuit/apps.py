from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CircuitConfig(AppConfig):
    name = "circuit"
    verbose_name = _("Serveur de résultats")
    default_auto_field = "django.db.models.BigAutoField"
