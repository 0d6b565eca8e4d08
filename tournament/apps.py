from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Concours de belote")
