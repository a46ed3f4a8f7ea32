# The two commands a newcomer needs: `make run` and `make test`.
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: run test test-pg install fonts lint typecheck test-python test-js bench bench-live bench-reminders calibrate calibrate-classic load chaos lighthouse vectors catalogs mutate clean

run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py challenges_make --ahead 1
	$(PY) manage.py puzzles_make
	$(VENV)/bin/uvicorn --host 127.0.0.1 --port $(PORT) --reload --ws websockets-sansio \
	  --lifespan off config.asgi:application

test: install lint typecheck test-js test-python

# The compiled catalogs (docs/i18n.md): one .mo per .po, written by polib (no system
# package needed); build products, never committed.
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))

install: $(STAMP) $(MO_FILES) fonts

# The share card's faces (challenges/views/share_picture.py): DejaVu Sans, and Droid Sans
# Fallback for Chinese and Japanese. Installed when apt can (root); else a note says how.
SHARE_FONTS := /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf
fonts:
	@for font in $(SHARE_FONTS); do test -f $$font || missing=1; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
	    && apt-get install -y -qq fonts-dejavu-core fonts-droid-fallback >/dev/null 2>&1; then :; \
	  else \
	    echo "note: share cards draw CJK and other scripts with fonts-dejavu-core and fonts-droid-fallback (sudo apt-get install fonts-dejavu-core fonts-droid-fallback)"; \
	  fi; \
	fi

locale/%.mo: locale/%.po $(STAMP)
	$(PY) -m tools.catalogs compile $<

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) -m tools.catalogs check

typecheck: install
	$(VENV)/bin/mypy --strict triominos
	$(VENV)/bin/mypy config challenges accounts

test-python: install
	DJANGO_ENV=test $(PY) -m pytest $(PYTEST_ARGS)

# Every suite against a local PostgreSQL and Redis, the way CI runs them (.ci/run): the
# SQL that SQLite does not run, the real cache, and a missing service, browser or nginx
# fails instead of skipping. Makes the database if it is missing (not the servers).
# TEST_DATABASE_URL, TEST_REDIS_URL to point elsewhere; PYTEST_ARGS to run fewer tests.
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_REDIS_URL ?= redis://127.0.0.1:6379/1

test-pg: install
	$(PY) -m tools.database_ensure "$(TEST_DATABASE_URL)"
	DATABASE_URL="$(TEST_DATABASE_URL)" REDIS_URL="$(TEST_REDIS_URL)" TOD_REQUIRE_SERVICES=1 \
		$(MAKE) test

# Dots on the console, the full TAP report kept in test-artifacts/, its summary shown.
test-js:
	mkdir -p test-artifacts
	node --test --test-reporter=dot --test-reporter-destination=stdout \
		--test-reporter=tap --test-reporter-destination=test-artifacts/js-tests.tap tests/js/
	@tail -n 8 test-artifacts/js-tests.tap

# Benchmarks print figures; they assert nothing about speed.
bench: install
	$(PY) -m pytest tests/benchmarks --benchmark-enable -p no:randomly -s
	$(PY) tests/benchmarks/replay_against_old_loop.py

# Live tables on the production stack (uvicorn, gunicorn, the Redis channel layer,
# PostgreSQL): push latency p50/p95, memory per socket, the most tables held with p95
# within 250 ms (docs/performance.md). BENCH_LIVE_ARGS, e.g. "--tables 50 100 200";
# LIVE_DATABASE_URL, LIVE_REDIS_URL.
bench-live: install
	$(PY) tests/benchmarks/live_tables.py $(BENCH_LIVE_ARGS)

# Reminders' fan-out (docs/performance.md, "Reminders"): a real Celery worker pushing to a
# push service on loopback; the time to reach every subscriber and the CPU per push.
# BENCH_REMINDERS_ARGS, e.g. "--subscribers 20000 --processes 2"; BENCH_DATABASE_URL,
# BENCH_REDIS_URL.
bench-reminders: install
	$(PY) tests/benchmarks/reminders_fanout.py $(BENCH_REMINDERS_ARGS)

# Mutation testing (docs/testing.md): mutmut over the engine and the trust code, each
# mutant against the tests that run its function; a score per module and the survivors.
# Not part of `make test` (an hour on two cores); MUTATE_ARGS, e.g. "--fresh engine"
# or "--report". tests/mutation/equivalent.txt lists the mutants no test can kill.
# On PostgreSQL: DATABASE_URL=postgres://... make mutate MUTATE_ARGS="--postgresql ...".
mutate: install
	$(PY) -m tools.mutation $(MUTATE_ARGS)

# The review of runs: false holds of simulated people, catches of scripts (docs/solver.md).
calibrate: install
	$(PY) tests/benchmarks/review_calibration.py
	$(PY) tests/benchmarks/trust_calibration.py

# The classic game's computer players, 200 games per pairing and length (docs/classic.md).
calibrate-classic: install
	$(PY) tests/benchmarks/classic_calibration.py --games 200

# The site under load (docs/performance.md): wrk against gunicorn, PostgreSQL and Redis.
# LOAD_ARGS, e.g. "--entries 1000000" or "--nginx" (two instances behind nginx).
load: install
	$(PY) tests/benchmarks/load_service.py $(LOAD_ARGS)

# Faults of every part while 50 simulated players play (docs/security.md, "Holding when
# parts fail"): its own PostgreSQL, Redis, gunicorn and Celery worker, loopback only,
# a few minutes. CHAOS_ARGS, e.g. "--players 80 --seconds 300".
chaos: install
	$(PY) tests/benchmarks/chaos.py $(CHAOS_ARGS)

# Lighthouse's four scores for the main pages (docs/accessibility.md), a measure like
# `make load`: gunicorn on SQLite, Debian's Chromium. Lighthouse is installed into the
# git-ignored .lighthouse/ (never globally); 12.x, the last line that runs on Node 20.
# LIGHTHOUSE_ARGS, e.g. "--preset desktop" or "--only home play".
LIGHTHOUSE := .lighthouse/node_modules/.bin/lighthouse
LIGHTHOUSE_VERSION := 12.8.2

$(LIGHTHOUSE):
	npm install --prefix .lighthouse --no-audit --no-fund --loglevel=error lighthouse@$(LIGHTHOUSE_VERSION)

lighthouse: install $(LIGHTHOUSE)
	$(PY) tests/benchmarks/lighthouse_audit.py $(LIGHTHOUSE_ARGS)

# Rewrites tests/vectors/ and the browser's ruleset.json from the Python engine (the reference).
vectors: install
	$(PY) -m tools.vectors tests/vectors

# Refreshes the catalogs from the sources (makemessages, both domains, every language;
# needs apt's gettext). Then translate what is new: `make lint` fails until it is.
catalogs: install
	$(PY) -m tools.catalogs update

clean:
	rm -rf $(VENV) staticfiles .mypy_cache .ruff_cache test-artifacts .lighthouse .mutation
	rm -f $(MO_FILES)
