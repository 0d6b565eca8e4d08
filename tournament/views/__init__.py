"""The views, by who sees them: the organiser's pages (tournaments, teams, rounds, entry,
journal), the public ones (public), a table link's (table), the downloads (exports)."""
