"""The results server's own app (STYLE.md): member clubs and their tokens, the concours they
push, circuits across clubs (the season's arithmetic, `tournament.season`) and their public
pages. It reads what the laptop's publishing sends and never the other way: nothing in
`tournament/` imports it. The push's contract is in README.md here."""
