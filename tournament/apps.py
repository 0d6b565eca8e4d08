from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Concours de belote")

    def ready(self) -> None:
        # The journal's kinds, for the model that stores them (which imports no journal).
        from . import journal
        from .models import AuditEntry

        AuditEntry.kinds = journal.KIND
