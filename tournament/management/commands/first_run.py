"""`make run`'s first-start step: an organiser account when none exists, responsable of a
club (« Mon club »), and the demo tournament, in that club, in an empty database.

The organiser is staff (the admin lets them change their own password) but not a superuser:
a superuser could change every other organiser's password and tournaments in the admin. Whoever
needs the admin for that creates a separate superuser (`manage.py createsuperuser`)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from tournament import services
from tournament.models import Tournament

ORGANISER = "organisateur"


class Command(BaseCommand):
    help = "Crée le compte organisateur et charge le concours de démonstration au besoin."

    def handle(self, *args, **options) -> None:
        users = get_user_model()
        if not users.objects.exists():
            password = secrets.token_urlsafe(12)
            account = users.objects.create_user(ORGANISER, password=password, is_staff=True)
            services.club_first(responsable=account)
            rule = "=" * 64
            self.stdout.write(self.style.SUCCESS(
                f"{rule}\nCompte organisateur créé (notez-le, il ne sera plus affiché) :\n"
                f"  identifiant : {ORGANISER}\n  mot de passe : {password}\n{rule}"))
        if not Tournament.objects.exists():
            # The first organiser (staff) account; any account in a database without one.
            owner = users.objects.filter(is_staff=True).order_by("pk").first()
            owner = owner or users.objects.order_by("pk").first()
            if owner is not None:
                services.club_first(responsable=owner)
            demo = services.demo_load(organiser=owner,
                                      path=settings.SHARE_DIR / "fixtures" / "demo.json")
            self.stdout.write(f"Concours de démonstration chargé : /t/{demo.slug}/")
