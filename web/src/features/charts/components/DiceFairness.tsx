// The dice fairness view (GM only): each die size's observed faces against a fair die's, with chi-square and p.
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import type { DiceFairnessQuery } from "../../../graphql/generated";

type Die = DiceFairnessQuery["diceFairness"][number];

function DieTable({ die }: { die: Die }) {
  return (
    <table className="table chart-table">
      <caption>d{die.sides}: faces rolled ({die.rolls} rolls; a fair die gives {(die.rolls / die.sides).toFixed(1)} each)</caption>
      <thead><tr><th scope="col">Face</th><th scope="col">Times</th></tr></thead>
      <tbody>{die.counts.map((c, i) => <tr key={i}><th scope="row">{i + 1}</th><td>{c}</td></tr>)}</tbody>
    </table>
  );
}

export function DiceFairness({ dice, showTable }: { dice: Die[]; showTable: boolean }) {
  if (dice.length === 0) return <p>No die has been rolled yet.</p>;
  return (
    <div className="dice">
      <table className="table" data-testid="dice-summary">
        <caption>Each die size against a fair die (a small p-value says the faces are unlikely from a fair die)</caption>
        <thead><tr><th scope="col">Die</th><th scope="col">Rolls</th><th scope="col">Chi-square</th><th scope="col">p-value</th></tr></thead>
        <tbody>
          {dice.map((d) => (
            <tr key={d.sides}><th scope="row">d{d.sides}</th><td>{d.rolls}</td><td>{d.chiSquare.toFixed(2)}</td><td>{d.pValue.toFixed(3)}</td></tr>
          ))}
        </tbody>
      </table>
      <div className="chart-grid">
        {dice.map((d) => {
          const expected = d.rolls / d.sides;
          const data = d.counts.map((count, i) => ({ face: i + 1, count }));
          return (
            <figure key={d.sides} className="chart" data-testid={`chart-d${d.sides}`} aria-labelledby={`chart-d${d.sides}-title`}>
              <figcaption id={`chart-d${d.sides}-title`} className="chart-title">Faces of the d{d.sides}</figcaption>
              <div role="img" aria-label={`Faces of the d${d.sides}: ${d.counts.join(", ")} against ${expected.toFixed(1)} each for a fair die; the table below holds the numbers.`}>
                <BarChart width={360} height={200} data={data} accessibilityLayer={false}>
                  <CartesianGrid stroke="#e2dfd5" />
                  <XAxis dataKey="face" stroke="#3b3b3b" />
                  <YAxis stroke="#3b3b3b" allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  <Bar dataKey="count" name="times rolled" fill="#0b4f8a" isAnimationActive={false} />
                  <ReferenceLine y={expected} stroke="#b45309" strokeDasharray="4 2" label="fair" />
                </BarChart>
              </div>
              <div className={showTable ? "chart-table-shown" : "sr-only"}><DieTable die={d} /></div>
            </figure>
          );
        })}
      </div>
    </div>
  );
}
