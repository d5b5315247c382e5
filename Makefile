# Two commands from a fresh clone: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: run test test-fast lint demo-data bench-crowd bench-crowd-hosts bench-crowd-world bench-documents bench-entries bench-hall bench-pin bench-scoring bench-seating bench-seating-large bench-standings bench-standings-large bench-submission bench-submission-ceiling scoring-oracle clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# Stamp files: reinstall only when the requirements change.
$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

demo-data: $(VENV)/.runtime
	scripts/fonts.sh
	mkdir -p var
	$(BIN)/python manage.py migrate --noinput -v0
	$(BIN)/python scripts/compile_translations.py
	$(BIN)/python manage.py collectstatic --noinput -v0
	$(BIN)/python manage.py seed_demo

run: demo-data
	@echo "Serving on http://127.0.0.1:$(PORT)/"
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# ruff: pycodestyle within 120 columns, pyflakes, sorted imports (pyproject.toml). `make test` runs it first.
lint: $(VENV)/.dev
	$(BIN)/ruff check .

test: lint
	scripts/run-tests.sh

# The inner loop (README, "Working on it"): all but the tests that need PostgreSQL, Redis, a Celery
# worker or Chromium, on an in-memory SQLite database (no DATABASE_URL), without the Playwright and
# schemathesis plugins, which none of them uses. Bytecode is written even where PYTHONDONTWRITEBYTECODE
# is set: pytest keeps its rewritten test modules, some 4 s a process. More pytest arguments: ARGS="-x".
test-fast: $(VENV)/.dev
	$(BIN)/python scripts/compile_translations.py
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -m "not postgres and not browser and not worker" \
		-p no:playwright -p no:schemathesis $(ARGS)

clean:
	rm -rf $(VENV) var

# Slow, exhaustive runs and benchmarks: not part of `make test`.
bench-scoring: $(VENV)/.dev
	$(BIN)/python bench/scoring.py

scoring-oracle: $(VENV)/.dev
	$(BIN)/python bench/scoring_oracle.py --count 50000

bench-seating: $(VENV)/.dev
	$(BIN)/python bench/seating.py

# Large rosters up to the players limit (docs/limits.md): seconds and peak memory, each size in its own process.
bench-seating-large: $(VENV)/.dev
	$(BIN)/python bench/seating_large.py

# On a throwaway PostgreSQL (and Redis) started by scripts/test-services.sh, as the tests use.
bench-standings: $(VENV)/.dev
	scripts/system-packages.sh
	$(BIN)/python bench/standings.py

# Standings memory and time at 500, 1,000 and 2,000 players (issue 16: linear, under 200 MB at 2,000).
bench-standings-large: $(VENV)/.dev
	scripts/system-packages.sh
	for n in 500 1000 2000; do $(BIN)/python bench/standings.py --players $$n --sessions 10 --repeat 3 | grep -E "built|peak|full recompute [0-9]"; done

# A session's 150 score sheets made by a real Celery worker in parts, against one WeasyPrint call (issue 30).
bench-documents: $(VENV)/.dev
	scripts/system-packages.sh
	$(BIN)/python bench/documents.py

# The hall display polling for a simulated hour in Chromium: memory, DOM, listeners, requests per minute.
bench-hall: $(VENV)/.dev
	scripts/system-packages.sh
	$(BIN)/python bench/hall.py

# Pin eligibility: 20,000 players across 300 registered competitions, full and incremental (issue 14).
bench-pin: $(VENV)/.dev
	scripts/system-packages.sh
	$(BIN)/python bench/pin.py

# gunicorn on a free 127.0.0.1 port against a throwaway PostgreSQL; stops everything it started.
bench-submission: $(VENV)/.dev
	scripts/system-packages.sh
	$(BIN)/python bench/submission.py

# A 600-player event behind the shipped nginx and gunicorn configuration: 150 tablets recording
# hands, 2,000 phones polling the standings with ETags, the board refreshing (bench/crowd.py).
bench-crowd: $(VENV)/.dev
	scripts/system-packages.sh
	$(BIN)/python bench/crowd.py

# A world championship: 300 tables (1,200 players), 5,000 phones, two web servers behind nginx (issue 43).
bench-crowd-world: $(VENV)/.dev
	scripts/system-packages.sh
	$(BIN)/python bench/crowd.py --tablets 300 --phones 5000 --webs 2 --deadline 1500

# The opening rush of entries: 2,000 entrants in 60 s for 300 places with country quotas, through nginx and
# gunicorn, against the login page's p95 in the same run (bench/entries.py, docs/entries.md).
bench-entries: $(VENV)/.dev
	$(BIN)/python bench/entries.py

# The same crowd against one web server, then two behind nginx, back to back (issue 31).
bench-crowd-hosts: $(VENV)/.dev
	scripts/system-packages.sh
	$(BIN)/python bench/crowd.py --webs 1
	$(BIN)/python bench/crowd.py --webs 2

# The same bench, alternately on HEAD and on HEAD with bench/ceiling/hand_path_sql.patch (the hand
# path in hand-written SQL: an experiment measuring how far the ORM path is from the floor).
bench-submission-ceiling: $(VENV)/.dev
	scripts/system-packages.sh
	$(BIN)/python bench/submission_ceiling.py
