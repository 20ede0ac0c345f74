"""The labor pool's command-line flags, shared by `simulate` and `evaluate`.

    smallville simulate --preset small-large --base-url http://big:8000/v1 --model llama3.1 \
        --small-url http://127.0.0.1:11434/v1 --small-model qwen2.5:0.5b
    smallville simulate --routes routes.toml --route dialogue=large,large2
    smallville simulate --endpoint fast=base_url=http://h:8080/v1,model=tiny \
        --route importance=fast --route react=fast --base-url http://big/v1 --model big

Every model endpoint is tested before the town starts (`--no-endpoint-check` skips it); one
that fails is left out, and its steps start on the fallback route, saying so.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # lazy: typing only — the minds cost ~0.4 s to import; `--help` needs none of it
    from game.bridge import Routes

__all__ = ["add_route_flags", "routes_from", "routes_wanted"]


def add_route_flags(command: argparse.ArgumentParser) -> None:
    group = command.add_argument_group(
        "labor pool", "route each thinking step to its own model endpoint(s)"
    )
    group.add_argument(
        "--routes", type=Path, metavar="FILE", help="endpoints and routes (.json or .toml)"
    )
    group.add_argument(
        "--preset",
        choices=["one-model", "small-large", "cascade", "offline"],
        help="one-model: every step on --base-url/--model; small-large: ratings, react, "
        "places and objects on --small-url/--small-model, the rest on --base-url/--model; "
        "cascade: every call on the small model first, escalated to the large one when its "
        "answer fails validation, and talk with the player and reflection on the large one; "
        "offline: every step on the offline brain",
    )
    group.add_argument("--small-url", help="small-large, cascade: the small model's server")
    group.add_argument("--small-model", help="small-large, cascade: the small model's name")
    group.add_argument(
        "--endpoint",
        action="append",
        default=[],
        metavar="NAME=KEY=VALUE,…",
        help="add an endpoint: NAME=base_url=URL,model=M[,max_concurrent=N,api_key_env=VAR,"
        "rate_per_minute=N,price_in_per_1k=X,price_out_per_1k=Y] (repeatable)",
    )
    group.add_argument(
        "--route",
        action="append",
        default=[],
        metavar="STEP=NAME[,NAME]",
        help="route a step (importance, react, dialogue, day_plan, hourly, decompose, "
        "location, objects, reflect, summary, interview, judge, default) to endpoints; "
        "several: the least loaded takes each call (repeatable)",
    )
    group.add_argument(
        "--no-endpoint-check",
        action="store_true",
        help="do not test each endpoint's connection before the town starts",
    )


def routes_wanted(args: argparse.Namespace) -> bool:
    """Whether any labor-pool flag was given."""
    return bool(args.routes or args.preset or args.endpoint or args.route)


def routes_from(args: argparse.Namespace, base: Any, max_concurrency: int) -> Routes | None:
    """The pool the flags ask for (None: none asked, one model as before); each endpoint
    tested unless --no-endpoint-check, a line each on stderr. Raises `SystemExit(2)` with a
    message naming the flag when a flag or the routes file cannot be read."""
    # lazy: the minds cost ~0.4 s to import; `smallville --help` needs none of it
    from game.bridge import RouteChoice, RouteFlagError, check_endpoints, route_settings

    choice = RouteChoice(
        preset=args.preset,
        file=args.routes,
        endpoints=tuple(args.endpoint),
        routes=tuple(args.route),
        base_url=args.base_url,
        model=args.model,
        max_concurrency=max_concurrency,
        small_url=args.small_url,
        small_model=args.small_model,
        small_concurrency=max_concurrency,
    )
    try:
        routes = route_settings(choice)
    except RouteFlagError as error:
        print(f"smallville: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    if routes is None:
        return None
    if not args.no_endpoint_check:
        routes = check_endpoints(routes, base)
        for line in routes.checks:
            print(f"endpoint {line}", file=sys.stderr)
    return routes
