"""`python -m tournament.launcher`: the installed command, from a checkout."""

from tournament.launcher.cli import main

raise SystemExit(main())
