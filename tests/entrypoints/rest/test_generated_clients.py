"""Issue 30, item 2: standard generators type the REST contract's orders. openapi-python-client (a dev dependency in
pyproject.toml) and @hey-api/openapi-ts (web/package.json) build a client from openapi/openapi.yaml; each submits a
faction's order to the app served on a loopback port, and the faction holds that order."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from starlette.testclient import TestClient

from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import BuyAsset
from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from tests.entrypoints.rest.test_rest_phases import world  # noqa: F401 - the fixture: both rule systems, seats for each
from tests.support.processes import ROOT, served
from tests.support.rest_support import API, bearer, conforms

CONTRACT = ROOT / "openapi" / "openapi.yaml"
WEB = ROOT / "web"


@pytest.fixture(scope="module")
def python_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The client openapi-python-client generates, imported from a temporary folder."""
    folder = tmp_path_factory.mktemp("python-client")
    (folder / "config.yaml").write_text("post_hooks: []\n", encoding="utf-8")  # no formatter run on its output
    tool = Path(sys.executable).parent / "openapi-python-client"
    made = subprocess.run(
        [
            str(tool),
            "generate",
            "--path",
            str(CONTRACT),
            "--meta",
            "none",
            "--config",
            str(folder / "config.yaml"),
            "--output-path",
            str(folder / "intrigue_rest"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module("intrigue_rest")
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n == "intrigue_rest" or n.startswith("intrigue_rest.")]:
            del sys.modules[name]


def _opened(client: TestClient, intrigue: Intrigue, world: dict[str, Any]) -> str:  # noqa: F811
    conforms(client.post(f"{world['base']}/phases", headers=bearer(world["gm"])))
    return intrigue.store.load(UUID(world["spies"]), Faction).home_region_id


def test_the_python_clients_order_body_round_trips_each_action_as_its_own_model(python_client: Any) -> None:
    models = importlib.import_module("intrigue_rest.models")
    body = {
        "action": {"action": "Buy Asset", "type_key": "informers", "region_id": "6f0b8a44-0d2c-4b34-9d7e-1c1f4d0d7a11"},
        "raise_ratings": ["cunning"],
        "rerolls": False,
    }
    orders = models.FactionOrders.from_dict(body)
    assert isinstance(orders.action, models.BuyAssetOrder) and orders.action.type_key == "informers"
    assert orders.to_dict() == body
    repair = models.FactionOrders.from_dict({"action": {"action": "Repair Asset/Faction", "faction": True}})
    assert isinstance(repair.action, models.RepairAssetOrder) and repair.action.faction is True
    with pytest.raises((KeyError, TypeError, ValueError)):
        models.BuyAssetOrder.from_dict({"action": "Buy Asset", "type_key": "informers"})  # its region is required


def test_the_python_client_submits_an_order_the_faction_then_holds(
    python_client: Any,
    client: TestClient,
    intrigue: Intrigue,
    world: dict[str, Any],  # noqa: F811
) -> None:
    home = _opened(client, intrigue, world)
    models = importlib.import_module("intrigue_rest.models")
    submit = importlib.import_module("intrigue_rest.api.default.submit_faction_orders")
    orders = models.FactionOrders(
        action=models.BuyAssetOrder(
            action=models.BuyAssetOrderAction.BUY_ASSET, type_key="informers", region_id=UUID(home)
        )
    )
    with served(create_app(intrigue)) as port:
        rest = python_client.AuthenticatedClient(base_url=f"http://127.0.0.1:{port}{API}", token=world["spies_player"])
        answer = submit.sync_detailed(
            UUID(world["base"].rsplit("/", 1)[1]), UUID(world["spies"]), client=rest, body=orders
        )
    assert answer.status_code == 200, answer.content
    assert intrigue.store.load(UUID(world["spies"]), Faction).order["action"] == {
        "action": "Buy Asset",
        **BuyAsset("informers", home).__dict__,
    }


SUBMIT_TS = """
import { createClient } from './client/client/index.js';
import { submitFactionOrders } from './client/sdk.gen.js';
import type { BuyAssetOrder, FactionAction } from './client/types.gen.js';

// Each action is typed with its own required fields: a Buy Asset without its region does not compile.
// @ts-expect-error region_id is required
const missing: BuyAssetOrder = { action: 'Buy Asset', type_key: 'informers' };
// @ts-expect-error a Sell Asset has no type_key
const foreign: FactionAction = { action: 'Sell Asset', asset_id: 'a', type_key: 'informers' };
void missing; void foreign;

const [base, token, campaign, faction, region] = process.argv.slice(2);
const client = createClient({ baseUrl: base, headers: { Authorization: `Bearer ${token}` } });
const action: BuyAssetOrder = { action: 'Buy Asset', type_key: 'informers', region_id: region };
const answer = await submitFactionOrders({
  client, path: { campaign_id: campaign, faction_id: faction }, body: { action },
});
if (answer.error !== undefined) console.error(JSON.stringify(answer.error));
console.log(answer.response?.status);
"""


def _node_tool(name: str) -> str:
    found = WEB / "node_modules" / ".bin" / name
    assert found.exists(), f"run `make web-install`: web/node_modules has no {name}"
    return str(found)


def test_the_typescript_client_types_each_action_and_submits_an_order(
    tmp_path: Path,
    client: TestClient,
    intrigue: Intrigue,
    world: dict[str, Any],  # noqa: F811
) -> None:
    node = shutil.which("node") or shutil.which("node", path=str(ROOT / ".venv" / "bin"))
    assert node, "no Node.js: `make web-install` installs it"
    (tmp_path / "openapi-ts.config.mjs").write_text(  # `.js` in the imports, so Node.js runs what tsc emits
        f"export default {{ input: {str(CONTRACT)!r}, output: {{ path: 'client', importFileExtension: '.js' }} }};\n",
        encoding="utf-8",
    )
    made = subprocess.run(
        [node, str(WEB / "scripts" / "openapi-ts.mjs"), "-f", "openapi-ts.config.mjs", "-s"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    (tmp_path / "submit.ts").write_text(SUBMIT_TS, encoding="utf-8")
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    (tmp_path / "node_modules").symlink_to(WEB / "node_modules")  # @types/node for tsc
    compiled = subprocess.run(
        [
            _node_tool("tsc"),
            "--strict",
            "--target",
            "es2022",
            "--module",
            "nodenext",
            "--moduleResolution",
            "nodenext",
            "--skipLibCheck",
            "--types",
            "node",
            "--outDir",
            "out",
            "submit.ts",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    home = _opened(client, intrigue, world)
    campaign = world["base"].rsplit("/", 1)[1]
    with served(create_app(intrigue)) as port:
        run = subprocess.run(
            [
                node,
                "out/submit.js",
                f"http://127.0.0.1:{port}{API}",
                world["spies_player"],
                campaign,
                world["spies"],
                home,
            ],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert run.returncode == 0 and run.stdout.strip() == "200", run.stdout + run.stderr
    assert intrigue.store.load(UUID(world["spies"]), Faction).order["action"]["type_key"] == "informers"
