# The two commands: `make run` (the whole product on http://127.0.0.1:8000) and `make test`.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
NPM_STAMP := frontend/node_modules/.installed

.PHONY: run demo test lint typecheck pytest e2e frontend frontend-test schema bench chromium clean

run: $(STAMP) frontend
	CAIRN_DEV_MAILBOX=$${CAIRN_DEV_MAILBOX:-true} $(VENV)/bin/cairn run $(if $(DEMO),--demo)

demo:
	$(MAKE) run DEMO=1

$(STAMP): pyproject.toml setup.py analytics/lots/_c_core.c
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	@touch $@

$(NPM_STAMP): frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	@touch $@

schema: $(STAMP)
	$(VENV)/bin/strawberry export-schema api.schema:schema --output frontend/schema.graphql
	$(VENV)/bin/strawberry export-schema api.public_graphql:public_schema --output frontend/public-schema.graphql

# the public pages are prerendered with the data `cairn site data` answers (frontend/scripts/prerender.mjs)
frontend: $(NPM_STAMP) schema
	$(VENV)/bin/cairn site data --out frontend/site-data.json
	cd frontend && npm run build

test: lint typecheck frontend-test frontend chromium pytest

lint: $(STAMP) $(NPM_STAMP)
	$(VENV)/bin/ruff check .
	cd frontend && npm run lint

typecheck: $(STAMP) $(NPM_STAMP) schema
	$(VENV)/bin/mypy vocabulary contracts ledger ingest analytics activities workflows api stack tools
	cd frontend && npm run typecheck

frontend-test: $(NPM_STAMP) schema
	cd frontend && npm test

# two processes, each with servers of its own, a test file at a time (`PYTEST_WORKERS=0`: one process)
PYTEST_WORKERS ?= 2
pytest: $(STAMP)
	$(VENV)/bin/pytest -q -p no:cacheprovider --durations=30 -n $(PYTEST_WORKERS) --dist loadfile

chromium:
	@if command -v chromium >/dev/null; then exit 0; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else echo "Browser tests need Debian's chromium: run 'sudo apt-get install chromium'." >&2; exit 1; fi

bench: $(STAMP)
	$(PY) benchmarks/lots_bench.py --full
	$(PY) benchmarks/cost_basis_run_bench.py
	$(PY) benchmarks/cost_basis_status_bench.py
	$(PY) benchmarks/migration_bench.py
	$(PY) benchmarks/import_bench.py
	$(PY) benchmarks/ingest_parse_bench.py
	$(PY) benchmarks/transfers_bench.py
	$(PY) benchmarks/exchange_sync_bench.py
	$(PY) benchmarks/chain_sync_bench.py
	$(PY) benchmarks/reports_bench.py
	$(PY) benchmarks/reports_app_bench.py
	$(PY) benchmarks/pages_bench.py
	$(PY) benchmarks/export_bench.py
	$(PY) benchmarks/spam_wallet_bench.py
	$(PY) benchmarks/console_bench.py

clean:
	rm -rf $(VENV) frontend/node_modules frontend/dist
