// The player's own words with an order (seed 002, Procedure: the GM turns them into the turn's narrative), in both
// order forms. Issue 28: when the order they told of is replaced they are cleared, and the player asked again.
type Props = { id: string; value: string; onChange: (text: string) => void; cleared: boolean; testId: string; field?: string };

export function NarrativeField({ id, value, onChange, cleared, testId, field }: Props) {
  return (
    <>
      <div className="field">
        <label htmlFor={id}>Narrative (the player's own words)</label>
        <textarea id={id} data-field={field} rows={2} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
      {cleared && (
        <p className="hint" role="status" data-testid={testId}>
          The narrative told of the order just replaced, so it was cleared: tell this one in your own words.
        </p>
      )}
    </>
  );
}
