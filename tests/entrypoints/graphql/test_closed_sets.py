"""Every closed set a client sees is an enum made from the domain's (domain/closed_sets.py), in GraphQL and in
the REST contract alike, and every id is a UUID (issue 17, items 1 and 2)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import yaml
from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLType,
    get_named_type,
)

from domain.closed_sets import CLOSED_SETS
from service.entrypoints.graphql.schema import schema
from service.entrypoints.rest.contract import CONTRACT_PATH

# Field and argument names that name a member of a set. Each one is an enum, or open for the reason given.
SET_NAMES = {
    "status",
    "role",
    "kind",
    "attribute",
    "mode",
    "field",
    "outcome",
    "fate",
    "result",
    "system",
    "population",
    "ruleSystems",
    "phaseStatus",
    "source",
    "example",
    "hook",
    "applies",
    "actions",
    "action",
}
OPEN = {
    "ActionRate.action": "any action a member took: a Faction Turn or house action, or a GM-made one's name",
    "PendingAction.action": "one of the fifteen, or a GM-made custom action's name",
    "ReportOrder.action": "a Faction Turn or house action, or a GM-made one's name",
    "ReportOrder.outcome": "the narrative or result the resolution wrote",
    "UndoneOrderView.action": "a Faction Turn or house action, or a GM-made one's name",
    "UndoneOrderView.outcome": "the narrative or result the resolution wrote",
    "ReportLearned.kind": "what a house's knowledge entry records, which the GM's hand may add to",
    "ReportLearned.action": "the action the knowledge is of, custom ones included",
    "ReportLearned.result": "the result the resolution wrote",
    "RollModifier.source": "where a bonus or penalty came from, in words",
    "KnowledgeEntry.kind": "what a house's knowledge entry records, which the GM's hand may add to",
    "KnowledgeEntry.action": "the action the knowledge is of, custom ones included",
    "KnowledgeEntry.result": "the result the resolution wrote",
    "Circumstance.source": "where the circumstance came from, in words",
    "Circumstance.actions": "the actions it is limited to: the fifteen, or a GM-made one's name",
    # Issue 19 (the odds, merged from i19-odds): the order's action as its odds were asked for.
    "HouseOdds.action": "the action the odds are of, as the preview names it (one of the fifteen, or a GM-made one)",
    # Not a String at all: the action is a typed @oneOf input (its one field names the action), read back typed.
    "FactionOrdersInput.action": "a @oneOf input, one typed input per Faction Turn action",
    "FactionOrders.action": "the typed read-back of that @oneOf choice",
}
# Ids that are not UUIDs, and why.
NOT_UUID = {
    "AssetTypeInput.key": "a custom type's key is chosen by the GM",
    "CustomActionInput.key": "a custom action's key is chosen by the GM",
}


def _types() -> Iterator[GraphQLNamedType]:
    for name, kind in schema._schema.type_map.items():
        if not name.startswith("__"):
            yield kind


def _slots() -> Iterator[tuple[str, str, GraphQLType]]:
    """Every field, input field and argument: (owner.name, name, type)."""
    for kind in _types():
        if isinstance(kind, GraphQLObjectType | GraphQLInputObjectType):
            for name, field in kind.fields.items():
                yield f"{kind.name}.{name}", name, field.type
                for arg, argument in getattr(field, "args", {}).items():
                    yield f"{kind.name}.{name}({arg})", arg, argument.type


def test_every_graphql_enum_is_a_domain_set_spelt_by_member_name() -> None:
    enums = [kind for kind in _types() if isinstance(kind, GraphQLEnumType)]
    assert enums
    for kind in enums:
        domain = CLOSED_SETS[kind.name]
        assert {name: value.value for name, value in kind.values.items()} == {m.name: m.value for m in domain}
        assert kind.description


def test_every_field_naming_a_set_member_is_an_enum() -> None:
    strings = {
        where
        for where, name, kind in _slots()
        if name in SET_NAMES and not isinstance(get_named_type(kind), GraphQLEnumType)
    }
    assert strings == {w for w in strings if w in OPEN}, "a closed set typed String"
    assert set(OPEN) <= {where for where, _, _ in _slots()}, "an OPEN entry names no field"


def test_every_id_is_a_uuid() -> None:
    ids = [
        (where, get_named_type(kind).name)
        for where, name, kind in _slots()
        if name in ("id", "ids") or name.endswith(("Id", "Ids"))
    ]
    assert len(ids) > 50
    assert [(w, t) for w, t in ids if t != "UUID" and w not in NOT_UUID] == []
    keys = [(where, get_named_type(kind).name) for where, name, kind in _slots() if name == "key"]
    assert all(t == "String" for _, t in keys) and {w for w, _ in keys} >= set(NOT_UUID)


# The REST contract's enums, by where they stand, and the domain set each one is.
CONTRACT_SETS = {
    "Campaign/rule_systems": "RuleSystem",
    "CreateCampaign/rule_systems": "RuleSystem",
    "CustomActionDefinition/system": "RuleSystem",
    "Campaign/phase_status": "PhaseStatus",
    "PhaseStatus/status": "PhaseStatus",
    "OrderStatus/status": "PhaseStatus",
    "RegionInput/population": "Population",
    "Region/population": "Population",
    "Seat/role": "SeatRole",
    "PhaseReport/kind": "MemberKind",
    "OrderStatus/members/kind": "MemberKind",
    "CampaignAsOf/aggregates/kind": "AggregateKind",
    "Permission/answer": "PermissionAnswer",
    "FactionOrders/book_of_secrets": "BookChoice",
    "HouseOrder/action": "HouseActionName",
    "CustomAdjustment/field": "AdjustField",
    "CustomAdjustment/mode": "AdjustMode",
    "Asset/attribute": "AssetAttribute",
    "Character/status": "CharacterStatus",
    # The GM's interventions and the setup of a game over REST (issue 17, item 9).
    "AssetAdventure/outcome": "AssetOutcome",
    "DecideFate/fate": "Fate",
    "SettleHouseAction/result": "SettleResult",
    "ImposeHouseCircumstance/hook": "CircumstanceHook",
    "Adjust/field": "AdjustField",
    "Adjust/mode": "AdjustMode",
    "FoundExampleFaction/example": "ExampleFactionName",
    "GoalChoice/goal": "GoalKey",
    # Issue 17: the catalogs and previews.
    "AssetTypeRow/attribute": "Attribute",
    "AssetTypeRow/kind": "AssetKind",
    "ExampleFactionRow/assets/attribute": "Attribute",
    "HouseActionName": "HouseActionName",
    "components/parameters/AttributeFilter/schema": "Attribute",
    "components/parameters/KindFilter/schema": "AssetKind",
    # Issue 19: the GM's assistant.
    "DiceSourceRequest/source": "DiceSource",
    "DiceSourceSetting/source": "DiceSource",
    "Temperament": "Temperament",
    "DraftDecision": "DraftDecision",
    "Draft/kind": "MemberKind",
    "GmRunPower/kind": "MemberKind",
    # Issue 32: the GM's webhooks.
    "WebhookRequest/format": "WebhookFormat",
    "WebhookEndpoint/format": "WebhookFormat",
    "WebhookDelivery/kind": "NewsKind",
    "WebhookDelivery/state": "DeliveryState",
}
# Parts of a set: which a request may name, or which the conditions of a schema pick out.
CONTRACT_SUBSETS = {
    "SeatRequest/role": "SeatRole",  # the GM's seat comes with the campaign; a request seats a player or observer
    "HouseOrder/allOf/0/if/action": "HouseActionName",
    "HouseOrder/allOf/1/if/action": "HouseActionName",
    # seed 000's judgement calls touch the holder's checks and its effective rank only (gameofbones/rules/gm_hooks.py)
    "ImposeHouseCircumstance/applies": "CircumstanceApplies",
    "FactionPreview/options/kind": "FactionActionName",  # every action but "None"
    "FactionOrders/raise_ratings": "AssetAttribute",  # the three ratings; Special is no rating
    # a test is sent when the GM asks, never because an endpoint asked for it
    "WebhookRequest/kinds": "NewsKind",
    "WebhookEndpoint/kinds": "NewsKind",
} | {
    f"{name}/action": "FactionActionName"
    for name in (  # one member each of the action union (its discriminator)
        "NoActionOrder",
        "AttackOrder",
        "BuyAssetOrder",
        "ChangeHomeOrder",
        "ExpandInfluenceOrder",
        "RefitAssetOrder",
        "RepairAssetOrder",
        "SellAssetOrder",
        "SeizeRegionOrder",
        "UseAssetAbilityOrder",
        "CustomActionOrder",
    )
}
# The transport's own sets, not the game's.
CONTRACT_TRANSPORT = {"Problem/code", "Health/status"}


def _contract_enums(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, list[str]]]:
    if isinstance(node, dict):
        # A propertyNames enum lists a form's keys (each action's own fields), not the members of a set.
        if isinstance(node.get("enum"), list) and path[-1:] != ("propertyNames",):
            yield "/".join(p for p in path if p not in ("properties", "items")), node["enum"]
        for key, value in node.items():
            yield from _contract_enums(value, (*path, str(key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _contract_enums(value, (*path, str(index)))


def test_the_rest_contracts_enums_are_the_domain_sets() -> None:
    contract = yaml.safe_load(CONTRACT_PATH.read_text(encoding="utf-8"))
    found = {path.removeprefix("components/schemas/"): values for path, values in _contract_enums(contract)}
    assert set(found) == set(CONTRACT_SETS) | set(CONTRACT_SUBSETS) | CONTRACT_TRANSPORT
    for where, name in CONTRACT_SETS.items():
        assert sorted(found[where]) == sorted(m.value for m in CLOSED_SETS[name]), where
    for where, name in CONTRACT_SUBSETS.items():
        assert set(found[where]) < {m.value for m in CLOSED_SETS[name]}, where
    union = contract["components"]["schemas"]["FactionAction"]["discriminator"]["mapping"]
    assert sorted(union) == sorted(m.value for m in CLOSED_SETS["FactionActionName"])


def test_graphql_and_rest_name_the_same_sets() -> None:
    graphql = {kind.name for kind in _types() if isinstance(kind, GraphQLEnumType)}
    rest = set(CONTRACT_SETS.values())
    # Beside the contract's sets, GraphQL has those of the GM's hand and of the Game of Bones' setup, which REST
    # does not serve yet (issue 17, item 9); the orders' own sets come with the typed order inputs.
    # AggregateKind: REST's /state answers raw states by kind; GraphQL answers the past in the present's types.
    assert rest - graphql <= {"PermissionAnswer", "BookChoice", "FactionActionName", "AggregateKind"}
