"""The checked-in SDL (`schema.graphql`) is the schema the server runs; `make schema` rewrites it."""

from __future__ import annotations

from service.entrypoints.graphql.sdl import SDL_PATH, sdl


def test_the_checked_in_sdl_matches_the_running_schema() -> None:
    assert SDL_PATH.read_text(encoding="utf-8") == sdl(), "schema.graphql is stale: run `make schema` and commit it"
