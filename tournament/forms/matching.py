"""The choice of each ambiguous entrant of a file or a backup: one of the register players it
may be, or « nouveau joueur ». One group of radio buttons an entrant (arrows choose in a
group, Tab goes to the next, Enter confirms), none chosen in advance: the person decides."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import ClubPlayer
from ..selectors.matching import Ambiguity

NEW = "new"


def candidate_label(entry: ClubPlayer) -> str:
    """A register player as the choice shows it: the name, then what tells namesakes apart."""
    played = getattr(entry, "concours", None)  # selectors.register_ambiguities counts them
    details = [detail for detail in (
        _("licence %(licence)s") % {"licence": entry.licence} if entry.licence else "",
        entry.home_club,
        _("inscrit au registre le %(date)s") % {"date": entry.created.strftime("%d/%m/%Y")},
        "" if played is None else ngettext("%(n)d concours joué", "%(n)d concours joués",
                                           played) % {"n": played},
        _("fiche n° %(n)d") % {"n": entry.pk},
    ) if detail]
    return f"{entry.full_name} ({', '.join(details)})"


class ChoicesForm(forms.Form):
    def __init__(self, ambiguities: Sequence[Ambiguity], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ambiguities = list(ambiguities)
        for ambiguity in self.ambiguities:
            self.fields[ambiguity.field] = forms.ChoiceField(
                label=ambiguity.incoming.full_name, widget=forms.RadioSelect,
                choices=[(str(entry.pk), candidate_label(entry))
                         for entry in ambiguity.candidates]
                + [(NEW, _("Nouveau joueur (il sera ajouté au registre)"))],
                error_messages={"required": _("Choisissez le joueur du registre, ou un "
                                              "nouveau joueur.")})

    def choices(self) -> dict[int, int | None]:
        """The choices made, by the entrant's index (None: a new player)."""
        return {ambiguity.index: (None if self.cleaned_data[ambiguity.field] == NEW
                                  else int(self.cleaned_data[ambiguity.field]))
                for ambiguity in self.ambiguities}
