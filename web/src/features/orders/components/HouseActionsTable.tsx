// Seed 000's fifteen house actions as the house would order them now: cost at its rank, what each dedicates,
// and whether its requirements are met, and if not, why (housePreview).
import { citedRule } from "./Verdict";
import { actionLabel, actionsIn, leading, type HouseOption } from "../lib/houseOptions";

export function HouseActionsTable({ options, actor }: { options: readonly HouseOption[]; actor: string }) {
  return (
    <table className="orders-table" data-testid="house-actions-table">
      <caption>The house actions at this rank, led by {actor}</caption>
      <thead>
        <tr>
          <th scope="col">Action</th>
          <th scope="col">Gold (gp)</th>
          <th scope="col">Requires influence / power</th>
          <th scope="col">Dedicates influence / power</th>
          <th scope="col">Requirements</th>
        </tr>
      </thead>
      <tbody>
        {actionsIn(options).map((action) => {
          const o = leading(options, action);
          if (!o) return null;
          return (
            <tr key={action} data-testid="house-action-row">
              <th scope="row">{actionLabel(action)}</th>
              <td>{o.gold}</td>
              <td>{o.influenceRequirement} / {o.powerRequirement}</td>
              <td>{o.dedicatedInfluence} / {o.dedicatedPower}</td>
              <td className={o.allowed ? "ok" : "refused"}>
                {o.allowed ? "Met" : <>Not met: {o.reason}{citedRule(o.reason, o.rule) ? <> (<cite>{o.rule}</cite>)</> : null}</>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
