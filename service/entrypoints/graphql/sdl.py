"""`make schema`: print the GraphQL schema to `schema.graphql`, the checked-in SDL that clients build against."""

from __future__ import annotations

from pathlib import Path

from strawberry.printer import print_schema

from service.entrypoints.graphql.schema import schema

SDL_PATH = Path(__file__).resolve().parents[3] / "schema.graphql"


def sdl() -> str:
    return print_schema(schema) + "\n"


if __name__ == "__main__":
    SDL_PATH.write_text(sdl(), encoding="utf-8")
    print(f"wrote {SDL_PATH}")
