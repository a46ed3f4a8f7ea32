# The two commands a newcomer needs: `make run` and `make test`.
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: run test install lint typecheck test-python test-js bench calibrate load vectors clean

run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py challenges_make --ahead 1
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

test: install lint typecheck test-js test-python

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

typecheck: install
	$(VENV)/bin/mypy --strict challenges/rules
	$(VENV)/bin/mypy config challenges accounts

test-python: install
	DJANGO_ENV=test $(PY) -m pytest

# Dots on the console, the full TAP report kept in test-artifacts/, its summary shown.
test-js:
	mkdir -p test-artifacts
	node --test --test-reporter=dot --test-reporter-destination=stdout \
		--test-reporter=tap --test-reporter-destination=test-artifacts/js-tests.tap tests/js/
	@tail -n 8 test-artifacts/js-tests.tap

# Benchmarks print figures; they assert nothing about speed.
bench: install
	$(PY) -m pytest tests/benchmarks --benchmark-enable -p no:randomly -s

# The review of runs: false holds of simulated people, catches of scripts (docs/solver.md).
calibrate: install
	$(PY) tests/benchmarks/review_calibration.py

# The site under load (docs/performance.md): wrk against gunicorn, PostgreSQL and Redis.
# LOAD_ARGS, e.g. "--entries 1000000" or "--nginx" (two instances behind nginx).
load: install
	$(PY) tests/benchmarks/load_service.py $(LOAD_ARGS)

# Rewrites tests/vectors/ and the browser's ruleset.json from the Python engine (the reference).
vectors: install
	$(PY) -m tools.vectors tests/vectors

clean:
	rm -rf $(VENV) staticfiles .mypy_cache .ruff_cache test-artifacts
