# Two commands for a newcomer: `make run` and `make test`. Everything installs into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
PG_URL ?= postgresql://postgres@127.0.0.1:5432/postgres

.PHONY: install run test lint test-external bench faults clean schema

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

## Start the service on the embedded PostgreSQL (./var/pgdata) with the demo campaign.
run: install
	$(BIN)/intrigue serve --demo

## Lint, type-check the domain, check layers and import cycles, and run the whole suite on a real PostgreSQL.
test: install lint
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy --strict domain service projections
	$(BIN)/lint-imports --no-cache
	$(BIN)/python tests/test_import_cycles.py

## The persistence tests again, against an external server (default: the local PostgreSQL on 5432).
test-external: install
	TEST_DATABASE_URL=$(PG_URL) $(BIN)/pytest tests/service

## Rewrite the checked-in GraphQL SDL (schema.graphql) from the running schema; a test fails when they drift.
schema: install
	$(BIN)/python -m service.entrypoints.graphql.sdl

## Benchmarks on a played campaign: ratios against raw PostgreSQL measured in the same run. Not part of `make test`.
bench: install
	$(BIN)/python -m bench

## Load and faults: racing writers, SIGKILL during resolution, PostgreSQL restarts (its own server). Non-zero on any loss.
faults: install
	$(BIN)/python -m bench.faults

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache
