"""The `intrigue` command: serve, worker, migrate, projections rebuild, events."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from importlib import metadata
from uuid import UUID

from domain.errors import DomainError
from domain.seats import gm_seat_id
from service.bootstrap import ConfigurationError, Intrigue, Settings, bootstrap
from service.entrypoints import cli_campaigns, cli_exchange, cli_projections, cli_simulate, cli_worker
from service.entrypoints.graphql.precomputed import precompute_standings
from service.operations import logs
from service.persistence import database
from service.persistence.readmodels import READ_MODELS, by_name


def main(argv: list[str] | None = None) -> int:
    try:
        settings = Settings.load()
    except ConfigurationError as error:  # a message, not a traceback (issue 32, item 5)
        print(f"intrigue: bad configuration: {error}", file=sys.stderr)
        return 2
    args = build_parser(settings).parse_args(argv)
    logs.configure(background=args.command == "serve")  # the server's loop never waits on a log write
    return _run(args)


def build_parser(settings: Settings) -> argparse.ArgumentParser:
    """Every command and option, each with its help; an option read from the environment names its variable."""
    parser = argparse.ArgumentParser(
        prog="intrigue",
        description="Event-sourced faction play for tabletop campaigns.",
        epilog=_environment_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the HTTP API (GraphQL at /graphql, the console at /)")
    serve.add_argument("--host", default=settings.host, help=_env_help(settings, "host"))
    serve.add_argument("--port", type=int, default=settings.port, help=_env_help(settings, "port"))
    serve.add_argument(
        "--processes", type=_at_least_one, default=settings.processes, help=_env_help(settings, "processes")
    )
    serve.add_argument("--demo", action="store_true", help="seed the demo campaign when the store is empty")
    serve.add_argument(
        "--no-projections",
        action="store_true",
        help="leave projections to `intrigue worker` (the same as INTRIGUE_RUN_PROJECTIONS=false)",
    )
    serve.add_argument(
        "--no-migrate",
        action="store_true",
        help="expect `intrigue migrate` to have run (the same as INTRIGUE_MIGRATE_ON_START=false)",
    )
    worker = commands.add_parser(
        "worker",
        help="run the projections (each in one worker at a time) and send webhook"
        f" deliveries (unless {Settings.env('webhooks')}=0; docs/webhooks.md)",
    )
    worker.add_argument(
        "--projection",
        action="append",
        choices=[m.name for m in READ_MODELS],
        help="only these projections (repeatable); default all",
    )
    worker.add_argument(
        "--metrics-port", type=int, default=settings.metrics_port or None, help=_env_help(settings, "metrics_port")
    )
    worker.add_argument("--poll", type=float, default=2.0, help="seconds between tries for a projection's lock")
    commands.add_parser("migrate", help="create or upgrade the database objects, then exit")
    projections = commands.add_parser("projections", help="manage the read models")
    projection_commands = projections.add_subparsers(dest="projections_command", required=True)
    for rebuild in (
        projection_commands.add_parser("rebuild", help="rebuild read models side by side, then switch reads over"),
        commands.add_parser("rebuild", help="same as `projections rebuild`"),
    ):
        rebuild.add_argument(
            "projection",
            nargs="*",
            metavar="NAME",
            help=f"one of: {', '.join(m.name for m in READ_MODELS)}; default: all",
        )
    retry = projection_commands.add_parser("retry", help="fold a stopped campaign's read model again from its events")
    retry.add_argument("campaign_id", type=UUID, help="the campaign's id")
    projection_commands.add_parser("stopped", help="list the campaigns whose read model stopped, as JSON lines")
    events = commands.add_parser("events", help="print a campaign's stored events in order, as JSON lines")
    events.add_argument("campaign_id", type=UUID, help="the campaign's id")
    cli_campaigns.add_commands(commands)
    cli_exchange.add_commands(commands)
    cli_simulate.add_command(commands)
    return parser


def _run(args: argparse.Namespace) -> int:
    precompute_standings()  # whichever command writes projects the standings as sent (docs/scaling.md)
    try:
        if args.command == "serve":
            return _serve(args, not args.no_projections, not args.no_migrate)
        if args.command == "worker":
            return cli_worker.run(args.projection or [m.name for m in READ_MODELS], args.metrics_port, args.poll)
        if args.command == "migrate":
            return _migrate()
        if args.command == "projections" and args.projections_command in ("retry", "stopped"):
            return cli_projections.run(args.projections_command, getattr(args, "campaign_id", None))
        if args.command in ("rebuild", "projections"):
            return _rebuild(args.projection or [m.name for m in READ_MODELS])
        if args.command == "simulate":
            return cli_simulate.run(args)
        if args.command in cli_exchange.NAMES:
            return cli_exchange.run(args)
        if args.command in cli_campaigns.NAMES:
            return cli_campaigns.run(args)
        return _events(args.campaign_id)
    except DomainError as error:
        print(f"intrigue: {error.message}", file=sys.stderr)
        return 2
    except ConfigurationError as error:
        print(f"intrigue: bad configuration: {error}", file=sys.stderr)
        return 2


def _version() -> str:
    try:
        return metadata.version("intrigue")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def _env_help(settings: Settings, name: str) -> str:
    field = Settings.model_fields[name]
    return f"{field.description} (env {Settings.env(name)}; now {getattr(settings, name)})"


def _environment_help() -> str:
    """Every setting's environment variable, for `intrigue --help`; the rest are in docs/operations.md."""
    lines = [f"  {Settings.env(name):28} {field.description}" for name, field in Settings.model_fields.items()]
    return "environment (docs/operations.md lists every variable):\n" + "\n".join(lines)


def _serve(args: argparse.Namespace, projections: bool, migrate: bool) -> int:
    import uvicorn

    from service.entrypoints import serve_processes
    from service.entrypoints.http import create_app
    from service.entrypoints.serving import terminated, uvicorn_options

    # SIGTERM (a deployment's stop: Kubernetes, `docker stop`, systemd) ends `serve` as Ctrl-C does (`terminated`).
    signal.signal(signal.SIGTERM, terminated)

    settings = Settings.load()
    settings = settings.model_copy(
        update={
            "run_projections": settings.run_projections and projections,
            "migrate_on_start": settings.migrate_on_start and migrate,
            "processes": args.processes,
        }
    )
    db = database.resolve(settings.database_url, settings.pgdata)
    if settings.processes > 1:  # refused before anything is migrated, seeded or served
        serve_processes.check_connection_budget(db, settings.processes, settings.pool_size)
    intrigue = bootstrap(settings, db)
    log = logging.getLogger("intrigue")
    log.info("event store: %s", intrigue.db.describe())
    if not settings.run_projections:
        log.info("projections are left to `intrigue worker`")
    try:
        if args.demo:
            _seed_and_announce_demo(intrigue, log)
        _announce_urls(args.host, args.port)
        if settings.processes > 1:
            serve_processes.serve(intrigue, settings, args.host, args.port, uvicorn_options())
        else:
            uvicorn.run(create_app(intrigue), host=args.host, port=args.port, **uvicorn_options())
    finally:
        intrigue.close()
    return 0


def _at_least_one(value: str) -> int:
    count = int(value)  # argparse reports a ValueError as an invalid value, with exit 2
    if count < 1:
        raise argparse.ArgumentTypeError(f"{value!r}: must be at least 1")
    return count


def _seed_and_announce_demo(intrigue: Intrigue, log: logging.Logger) -> None:
    """Seed the demo if the store is empty; print its GM token only when the GM seat is new (issue 28, item 4)."""
    from service.entrypoints.demo import DEMO_NAME, seed_demo

    campaign = seed_demo(intrigue)
    if campaign is not None:
        log.info("demo campaign %s created: %s", campaign.name, campaign.id)
    else:
        log.info("store already holds campaigns; demo not seeded again")
    for listed in intrigue.catalog.campaigns(limit=1000):
        if listed["name"] != DEMO_NAME:
            continue
        if any(seat.id == gm_seat_id(listed["id"]) for seat in intrigue.seats.seats(listed["id"])):
            # A restart keeps the GM's token: rotating it here locked a signed-in GM out of the console.
            print(
                f"\nDemo campaign {listed['id']}: its GM token is unchanged; for a new one (the old one stops"
                f" working) run:\n  intrigue gm-token {listed['id']}\n",
                file=sys.stdout,
                flush=True,
            )
            continue
        # Printed once to stdout, never logged: the log stream is stderr (service/operations/logs.py),
        # and whatever collects it must never hold a token (docs/operations.md).
        token = intrigue.seats.seat_gm(listed["id"]).token
        print(
            f"\nDemo campaign {listed['id']}: GM token (send as 'Authorization: Bearer …'):\n  {token}\n",
            file=sys.stdout,
            flush=True,
        )


def _announce_urls(host: str, port: int) -> None:
    """Where to point a browser, on stdout beside the demo's token (issue 32, item 6)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else f"[{host}]" if ":" in host else host
    print(f"Console: http://{shown}:{port}/  (GraphQL: http://{shown}:{port}/graphql)", file=sys.stdout, flush=True)


def _migrate() -> int:
    from service.persistence.migrations import SCHEMA_VERSION, migrate

    settings = Settings.load()
    db = database.resolve(settings.database_url, settings.pgdata)
    applied = migrate(db)
    log = logging.getLogger("intrigue.migrate")
    log.info("schema at version %d on %s; applied now: %s", SCHEMA_VERSION, db.describe(), applied or "none")
    return 0


def _rebuild(names: list[str]) -> int:
    from service.operations.worker import ProgressBar, rebuild

    settings = Settings.load()
    db = database.resolve(settings.database_url, settings.pgdata)
    env = {**db.eventsourcing_env(settings.pool_size), "CREATE_TABLE": "n"}
    try:
        models = [by_name(name) for name in names]
    except KeyError as error:
        print(f"intrigue: {error.args[0]}", file=sys.stderr)
        return 2
    for model in models:
        name = model.name
        bar = ProgressBar(f"rebuilding {name}")
        try:
            head = rebuild(db, env, model, progress=bar)
        except RuntimeError as error:
            print(f"intrigue: {error}", file=sys.stderr)
            return 1
        finally:
            bar.close()
        logging.getLogger("intrigue").info("projection %s rebuilt up to event %d and switched", name, head)
    return 0


def _events(campaign_id: UUID) -> int:
    intrigue = bootstrap(Settings.load().model_copy(update={"run_projections": False}))
    try:
        for entry in intrigue.audit.events(campaign_id):
            print(entry.to_json())
    finally:
        intrigue.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
