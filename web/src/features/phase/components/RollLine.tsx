// One roll as it was made: the dice, each face, every modifier with its source, the total, and the rule.
import type { LogRoll } from "../model";
import { signed } from "../model";

export function RollLine({ roll }: { roll: LogRoll }) {
  const modifiers = roll.modifiers.map((m) => `${signed(m.value)} (${m.source})`).join(" ");
  return (
    <li className="roll" data-testid="roll">
      <span className="roll-dice">{roll.expression}</span>{" "}
      <span aria-label={`faces ${roll.faces.join(", ")}`}>[{roll.faces.join(", ")}]</span>
      {modifiers && <span className="roll-mods"> {modifiers}</span>} = <strong>{roll.total}</strong>
      {roll.purpose && <span> · {roll.purpose}</span>}
      {roll.actor && <span> · by {roll.actor}</span>}
      {roll.rule && <span className="roll-rule"> · {roll.rule}</span>}
    </li>
  );
}
