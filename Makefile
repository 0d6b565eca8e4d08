# A newcomer needs two commands: `make run` and `make test` (README.md).
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-fast test-postgres bench load-test load-test-federation serve-lan results-server load-test-circuit screenshots lint clean demo messages dist bundle windows
MO := locale/fr/LC_MESSAGES/django.mo

$(PY):
	"$$(scripts/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.run-installed: requirements.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.test-installed: requirements.txt requirements-test.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements-test.txt
	touch $@ $(VENV)/.run-installed

# The French catalogue, compiled with polib (no gettext tools needed to run or test).
$(MO): locale/fr/LC_MESSAGES/django.po $(VENV)/.run-installed
	$(PY) scripts/messages.py compile

run: $(VENV)/.run-installed $(MO)
	DJANGO_DEBUG=$${DJANGO_DEBUG:-0} $(PY) manage.py migrate --no-input
	DJANGO_DEBUG=$${DJANGO_DEBUG:-0} $(PY) manage.py first_run
	DJANGO_DEBUG=$${DJANGO_DEBUG:-0} $(PY) manage.py runserver $(HOST):$(PORT)

# pytest-xdist's workers: one a core (each its own test database).
WORKERS ?= auto

# The whole suite on SQLite (or on the database DATABASE_URL names), spread over the cores,
# ending with its 30 slowest tests; then the gate: scoring/'s own tests (SCORING.md's) cover
# 100% of its branches. Coverage is measured on that run only: its tracer slows every other
# pure-Python test up to 12× (a 301-team draw: 4.7 s, 57 s traced) for lines it does not count.
test: $(VENV)/.test-installed $(MO)
	scripts/ensure-chromium
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest -n $(WORKERS) --dist loadgroup --durations=30 --ignore=tests/scoring
	$(PY) -m pytest -n $(WORKERS) -q tests/scoring \
		--cov=scoring --cov-branch --cov-report=term-missing --cov-fail-under=100

# The developers' loop: the same checks without the slow tests (browsers, real servers,
# subprocesses, load); `make test` still runs everything.
test-fast: $(VENV)/.test-installed $(MO)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest -m "not slow" -q -p no:cacheprovider

# Again on a throwaway PostgreSQL server (installed with apt if missing): every test whose
# outcome can depend on the database (tests/conftest.py: those that ask for it, and those
# marked `database`); the pure tests, the browser tests and the role matrix ran in `make test`.
test-postgres: $(VENV)/.test-installed $(MO)
	BELOTE_DATABASE_TESTS_ONLY=1 scripts/with-postgres --fast \
		$(PY) -m pytest -p no:cacheprovider -n $(WORKERS) --dist loadgroup --durations=30

bench: $(VENV)/.test-installed
	$(PY) bench/bench_scoring.py
	$(PY) bench/bench_tournament.py
	$(PY) bench/bench_entry.py
	$(PY) bench/bench_draw.py
	$(PY) bench/bench_simulate.py
	$(PY) bench/bench_season.py
	$(PY) bench/bench_scale.py
	$(PY) bench/bench_screen.py
	$(PY) bench/bench_circuit.py
	$(PY) bench/bench_launcher.py
	$(PY) bench/bench_register.py
	$(PY) bench/bench_structure.py
	$(PY) bench/bench_phases.py
	$(MAKE) --no-print-directory load-test
	$(MAKE) --no-print-directory load-test-federation
	$(MAKE) --no-print-directory load-test-circuit

# 64 tables × 16 donnes through table links against a real gunicorn, on SQLite then on a
# throwaway PostgreSQL (bench/load_test.py; loopback only, bounded).
load-test: $(VENV)/.test-installed $(MO)
	$(PY) bench/load_test.py
	scripts/with-postgres $(PY) bench/load_test.py

# A federation's sports hall (issue 24): 500 tables, a burst, then a donne every 2 min ± 50 % a
# table for 3 min, on SQLite then on PostgreSQL; then on SQLite the same pace while the
# organiser makes the partie's 500 score sheets again and again. About 13 minutes on 2 cores.
FEDERATION := --tables 500 --think 120 --jitter 0.5 --duration 180
load-test-federation: $(VENV)/.test-installed $(MO)
	$(PY) bench/load_test.py $(FEDERATION)
	$(PY) bench/load_test.py $(FEDERATION) --mode paced --sheets
	scripts/with-postgres $(PY) bench/load_test.py $(FEDERATION)

# The results server for many clubs (docs/results-server.md): PostgreSQL (DATABASE_URL),
# gunicorn behind the host's reverse proxy, caches and background jobs shared through the
# database (a worker, manage.py db_worker, started beside gunicorn).
results-server: $(VENV)/.run-installed $(MO)
	scripts/results-server

# The results server under load (issue 36): 200 clubs pushing every minute while 2,000 readers
# open its public pages, two server instances on one database, on SQLite then on a throwaway
# PostgreSQL (bench/load_circuit.py; loopback only, 2 minutes each).
load-test-circuit: $(VENV)/.test-installed $(MO)
	$(PY) bench/load_circuit.py
	scripts/with-postgres $(PY) bench/load_circuit.py

# The club's network: gunicorn + whitenoise, DEBUG off, table links with this laptop's address.
serve-lan: $(VENV)/.run-installed $(MO)
	PORT=$(PORT) scripts/serve-lan

# Refresh docs/screenshots/ from the browser tests (a plain test run keeps them in /tmp).
screenshots: $(VENV)/.test-installed
	scripts/ensure-chromium
	SAVE_SCREENSHOTS=1 $(PY) -m pytest tests/browser -q

# The one formatting rule of the tree (README.md, « Code style »): `ruff check` clean with
# pyproject.toml's settings — lines of at most 100 columns, imports sorted by ruff (isort),
# pycodestyle's errors and warnings, pyflakes, bugbear, pyupgrade, simplify, ruff's own rules.
# Within that, code is laid out by hand; `ruff format` is not used (it would re-lay nearly
# every file for no gain). `make test` and `make test-fast` run the same check.
lint: $(VENV)/.test-installed
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .coverage htmlcov

# After new messages in the code: extract them (GNU gettext's xgettext), complete, compile.
messages: $(VENV)/.run-installed
	$(PY) manage.py makemessages -l fr --no-obsolete --ignore=.venv --ignore=tests \
		--ignore=bench --ignore=scripts --ignore='var/*'
	$(PY) scripts/messages.py fill
	$(PY) scripts/messages.py compile

# The wheel of the installed command `concours-belote` (templates, static files, the compiled
# catalogue and the demo inside): dist/belote_concours-<version>-py3-none-any.whl.
dist: $(VENV)/.run-installed $(MO)
	$(PY) scripts/build_wheel.py dist

# A self-contained Linux folder and .tar.gz (its own Python inside): dist/concours-belote-*.
bundle: $(VENV)/.run-installed $(MO)
	$(PY) scripts/build_linux_bundle.py dist

# Regenerate fixtures/demo.json (deterministic) after a change of models or scoring.
demo: $(VENV)/.run-installed
	$(PY) scripts/make_demo.py

# The Windows installer, built on this Linux machine (scripts/build_windows.py; docs/packaging.md):
# dist/concours-belote-<version>-setup.exe. makensis from Debian's nsis (scripts/ensure-wine).
windows: $(VENV)/.run-installed $(MO)
	scripts/ensure-wine
	$(PY) scripts/build_windows.py dist
