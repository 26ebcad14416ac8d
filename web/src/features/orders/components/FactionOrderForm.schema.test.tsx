// Issue 28, Done when: every field of FactionOrdersInput and every member of FactionActionInput (and each field
// of the inputs they take) is reachable from the faction form. The checked-in SDL is walked; each path it names
// must be carried by a control's data-field once the action is chosen and each "Add" button pressed.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { buildSchema, getNamedType, isInputObjectType, type GraphQLInputObjectType } from "graphql";
import { describe, expect, it, vi } from "vitest";
import sdl from "../../../../../schema.graphql?raw";
import { KIND_LABELS } from "../lib/factionOptions";
import { FACTS, NAMES, OPTIONS } from "../testing/factionFixtures";
import { FactionOrderForm } from "./FactionOrderForm";

const schema = buildSchema(sdl);
const input = (name: string) => schema.getType(name) as GraphQLInputObjectType;

/** Every leaf path under `type`: "orders.goal.goal", "orders.defences.regionId"… (lists walked into their items). */
function leaves(type: GraphQLInputObjectType, prefix: string, stop: ReadonlySet<string> = new Set()): string[] {
  return Object.values(type.getFields()).flatMap((field) => {
    const path = `${prefix}.${field.name}`;
    const named = getNamedType(field.type);
    if (stop.has(path)) return [path];
    return isInputObjectType(named) ? leaves(named, path) : [path];
  });
}

function present(): Set<string> {
  const fields = [...document.querySelectorAll("[data-field]")].flatMap((e) => (e.getAttribute("data-field") ?? "").split(" "));
  return new Set(fields);
}

async function pressEveryAdd() {
  for (const button of [...document.querySelectorAll<HTMLButtonElement>("button[data-adds]")]) await userEvent.click(button);
}

// The member a kind of FactionActionName fills (`ATTACK` → `attack`), as the one-of input names it.
const camel = (kind: string) => kind.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

describe("the faction form against the schema", { timeout: 30_000 }, () => { // the whole form renders slowly in jsdom on a shared machine
  it("reaches every field of FactionOrdersInput", async () => {
    render(<FactionOrderForm options={OPTIONS} facgoldAtAction={5} names={NAMES} facts={FACTS} verdicts={{}} refusal={null}
                             busy={false} submitted={false} onSubmit={vi.fn()} />);
    await pressEveryAdd();
    const wanted = leaves(input("FactionOrdersInput"), "orders", new Set(["orders.action"]));
    expect(wanted).toContain("orders.defences.defenderId");
    expect(wanted.filter((path) => !present().has(path))).toEqual([]);
  });

  const members = Object.values(input("FactionActionInput").getFields());
  it.each(members.map((m) => [m.name, m] as const))("reaches every field of the action member %s", async (name, member) => {
    const kind = (Object.keys(KIND_LABELS) as (keyof typeof KIND_LABELS)[]).find((k) => camel(k) === name);
    expect(kind, `no kind of the form fills ${name}`).toBeDefined();
    render(<FactionOrderForm options={OPTIONS} facgoldAtAction={5} names={NAMES} facts={FACTS} verdicts={{}} refusal={null}
                             busy={false} submitted={false} onSubmit={vi.fn()} />);
    await userEvent.selectOptions(screen.getByLabelText("Action"), KIND_LABELS[kind!]);
    if (name === "buyAsset") await userEvent.selectOptions(screen.getByLabelText("Asset type"), "stealth"); // forAssetId
    await pressEveryAdd();
    const wanted = leaves(getNamedType(member.type) as GraphQLInputObjectType, `orders.action.${name}`);
    expect(wanted.filter((path) => !present().has(path))).toEqual([]);
  });
});
