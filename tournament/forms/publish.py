"""The results server's forms: a club joins with the server's address and its one-time code;
a concours names the circuits it counts for."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..publish.outbox import CODE_MAX


class JoinForm(forms.Form):
    url = forms.CharField(label=_("Adresse du serveur de résultats"), max_length=200,
                          help_text=_("Par exemple https://resultats.comite-belote.fr"))
    code = forms.CharField(label=_("Code reçu du comité"), max_length=CODE_MAX)


class CircuitsForm(forms.Form):
    circuits = forms.CharField(
        label=_("Circuits"), max_length=1300, required=False,
        help_text=_("Les adresses des circuits où ce concours compte, séparées par des "
                    "virgules (vide : aucun)."))
