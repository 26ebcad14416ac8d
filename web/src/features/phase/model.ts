// Reading a phase's log as it was played (issue 18): the events' payloads are JSON, so each roll and turn is
// read from them here, with guards, never cast. Rolls carry faces, modifiers and the rule (domain/dice.py).
import type { JsonValue } from "../../graphql/generated";

export type LogEvent = { position: number; aggregateId: string; topic: string; payload: JsonValue };
export type LogRoll = {
  expression: string;
  faces: number[];
  modifiers: { source: string; value: number }[];
  total: number;
  purpose: string;
  rule: string;
  actor: string;
};
export type LogSection =
  | { kind: "initiative"; event: LogEvent; order: string[]; rolls: LogRoll[] }
  | { kind: "turn"; actorId: string; events: LogEvent[] }
  | { kind: "events"; events: LogEvent[] };

type JsonObject = { [key: string]: JsonValue };

export function asObject(value: JsonValue | undefined): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
}

function text(value: JsonValue | undefined): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function num(value: JsonValue | undefined): number {
  return typeof value === "number" ? value : 0;
}

function list(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

/** The event's name without its module: "Faction.TurnEnded". */
export function eventName(topic: string): string {
  return topic.includes(":") ? topic.slice(topic.indexOf(":") + 1) : topic;
}

/** "Faction.FacGoldGained" -> "FacGold gained". */
export function eventTitle(topic: string): string {
  const name = eventName(topic).split(".").pop() ?? topic;
  const words = name.replace(/FacGold/g, "Facgold").replace(/([a-z])([A-Z])/g, "$1 $2").split(" ");
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(" ").replace(/Facgold|facgold/g, "FacGold");
}

export function readRoll(value: JsonValue): LogRoll | null {
  const o = asObject(value);
  if (!Array.isArray(o.faces)) return null;
  return {
    expression: text(o.expression),
    faces: list(o.faces).map(num),
    modifiers: list(o.modifiers).map((m) => ({ source: text(asObject(m).source), value: num(asObject(m).value) })),
    total: num(o.total),
    purpose: text(o.purpose),
    rule: text(o.rule),
    actor: text(o.actor),
  };
}

/** Every roll an event's payload carries, at any depth (a turn's rolls, an attack's, a house action's). */
export function rollsOf(payload: JsonValue): LogRoll[] {
  const found: LogRoll[] = [];
  const walk = (value: JsonValue, depth: number) => {
    if (depth > 6 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.forEach((v) => walk(v, depth + 1));
      return;
    }
    const roll = readRoll(value);
    if (roll) {
      found.push(roll);
      return;
    }
    Object.values(value).forEach((v) => walk(v, depth + 1));
  };
  walk(payload, 0);
  return found;
}

/** What an event says in words: its narrative, result, reason or amount. */
export function eventSummary(event: LogEvent): string {
  const o = asObject(event.payload);
  const lines = list(o.lines).map(text).join(" / ");
  const parts = [text(o.action) && text(o.action) !== "None" ? text(o.action) : "", text(o.narrative), text(o.result),
    lines ? `“${lines}”` : "", text(o.reason), o.amount !== undefined ? `amount ${text(o.amount)}` : ""];
  return parts.filter(Boolean).join(" · ");
}

/** The log cut into initiative, each faction's turn (TurnBegun … TurnEnded) and the events between. */
export function sectionsOf(events: LogEvent[]): LogSection[] {
  const sections: LogSection[] = [];
  let turn: { kind: "turn"; actorId: string; events: LogEvent[] } | null = null;
  for (const event of events) {
    const name = eventName(event.topic);
    if (name.endsWith("InitiativeRolled")) {
      const o = asObject(event.payload);
      sections.push({ kind: "initiative", event, order: list(o.order).map(text), rolls: rollsOf(event.payload) });
      continue;
    }
    if (name.endsWith("TurnBegun")) {
      turn = { kind: "turn", actorId: event.aggregateId, events: [event] };
      sections.push(turn);
      continue;
    }
    if (turn && event.aggregateId === turn.actorId) {
      turn.events.push(event);
      if (name.endsWith("TurnEnded")) turn = null;
      continue;
    }
    const last = sections[sections.length - 1];
    if (!turn && last && last.kind === "events") last.events.push(event);
    else if (turn) turn.events.push(event); // a rival's event inside a turn (an attack's damage) belongs to it
    else sections.push({ kind: "events", events: [event] });
  }
  return sections;
}

export function signed(value: number): string {
  return value >= 0 ? `+${value}` : String(value);
}

/** Whom an event is about when it is not its aggregate's own (the GM's chronicle of a member's turn). */
export function aboutMember(event: LogEvent): string | null {
  const id = text(asObject(event.payload).actor_id);
  return id || null;
}
