"""The `intrigue` command: serve, events."""

from __future__ import annotations

import argparse
import logging
import sys
from uuid import UUID

from domain.errors import DomainError
from service.bootstrap import Settings, bootstrap


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="intrigue", description="Event-sourced faction play for tabletop campaigns.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the HTTP API (GraphQL at /graphql)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--demo", action="store_true", help="seed the demo campaign when the store is empty")
    events = commands.add_parser("events", help="print a campaign's stored events in order, as JSON lines")
    events.add_argument("campaign_id", type=UUID)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        if args.command == "serve":
            return _serve(args.host, args.port, args.demo)
        return _events(args.campaign_id)
    except DomainError as error:
        print(f"intrigue: {error.message}", file=sys.stderr)
        return 2


def _serve(host: str, port: int, demo: bool) -> int:
    import uvicorn

    from service.demo import seed_demo
    from service.http import create_app

    intrigue = bootstrap(Settings())
    log = logging.getLogger("intrigue")
    log.info("event store: %s", intrigue.db.describe())
    try:
        if demo:
            campaign = seed_demo(intrigue)
            if campaign is not None:
                log.info("demo campaign %s created: %s", campaign.name, campaign.id)
            else:
                log.info("store already holds campaigns; demo not seeded again")
        log.info("GraphQL (GraphiQL in a browser) at http://%s:%d/graphql", host, port)
        uvicorn.run(create_app(intrigue), host=host, port=port, log_level="info")
    finally:
        intrigue.close()
    return 0


def _events(campaign_id: UUID) -> int:
    intrigue = bootstrap(Settings())
    try:
        for entry in intrigue.audit.events(campaign_id):
            print(entry.to_json())
    finally:
        intrigue.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
