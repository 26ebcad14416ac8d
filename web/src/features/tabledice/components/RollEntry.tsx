// The faces of one roll the rules ask for, one field per die; Enter submits. The server judges the faces (a face
// its die cannot show, or the wrong count, is refused with its reason and nothing is kept).
import { useEffect, useRef, useState } from "react";
import { describeRoll, type TableRoll } from "../model";

export function RollEntry({ roll, number, busy, focus, onEnter }: {
  roll: TableRoll;
  number: number;
  busy: boolean;
  focus: boolean;
  onEnter: (faces: number[]) => void;
}) {
  const [faces, setFaces] = useState<string[]>(() => Array.from({ length: roll.count }, () => ""));
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) first.current?.focus();
  }, [focus]);
  const described = `table-roll-${number}`;
  return (
    <form
      className="form table-roll"
      aria-label={`Roll ${number}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onEnter(faces.map((f) => Number.parseInt(f, 10)).map((f) => (Number.isNaN(f) ? 0 : f)));
      }}
    >
      <p id={described} className="table-roll-asked" data-testid="next-roll">
        Roll {number}: {describeRoll(roll)}. <span className="roll-rule">({roll.rule})</span>
      </p>
      <div className="table-roll-faces">
        {faces.map((face, i) => (
          <label key={i}>
            {roll.count === 1 ? `Face of the d${roll.sides}` : `Die ${i + 1} of ${roll.count} (d${roll.sides})`}
            <input
              ref={i === 0 ? first : undefined}
              type="number"
              inputMode="numeric"
              min={1}
              max={roll.sides}
              value={face}
              aria-describedby={described}
              onChange={(e) => setFaces(faces.map((f, j) => (j === i ? e.target.value : f)))}
            />
          </label>
        ))}
        <button type="submit" disabled={busy}>Enter roll {number}</button>
      </div>
    </form>
  );
}
