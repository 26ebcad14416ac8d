// The GM's chronicle desk for one resolved phase: the drafted gossip (edit, redraft from the events), the GM's
// turn summaries (edit), and publishing the drafts so every seat hears them.
import { useState } from "react";
import { useMutation } from "urql";
import { ErrorMessage, Loading } from "../../../components/ui";
import {
  DraftChronicleDocument,
  GmChronicleDocument,
  PublishChronicleDocument,
  WriteGossipDocument,
  WriteTurnSummaryDocument,
  type GmChronicleQuery,
} from "../../../graphql/generated";
import { useLiveQuery } from "../../../lib/campaign";

type Draft = GmChronicleQuery["chronicleDraft"][number];
type Summary = GmChronicleQuery["gmChronicle"][number];
type Names = (id: string | null) => string;

/** A field's text as the GM edits it: the server's until edited, and the server's again whenever that changes while
 * the field holds no edit of its own. Each form is keyed by its member alone, so a save (or a redraft) re-reads the
 * text into the same form: remaking the form would throw a keyboard user's focus back to the page's top. */
function useEdited(server: string): [string, (text: string) => void] {
  const [text, setText] = useState(server);
  const [base, setBase] = useState(server);
  if (server !== base) {
    setBase(server);
    if (text === base) setText(server);
  }
  return [text, setText];
}

// While a save is under way its button says so (aria-disabled) but stays enabled: a disabled button loses the focus.
/** "Saved." once the server has taken what the form holds now; nothing while an edit is unsaved. */
function SavedLine({ saved }: { saved: boolean }) {
  return saved ? <p role="status" className="status-line">Saved.</p> : null;
}

function DraftForm({ campaignId, phase, draft, names }: { campaignId: string; phase: number; draft: Draft; names: Names }) {
  const [lines, setLines] = useEdited(draft.lines.join("\n"));
  const [spin, setSpin] = useEdited(draft.spin);
  const [sent, setSent] = useState<string | null>(null);
  const [state, write] = useMutation(WriteGossipDocument);
  const actorId = draft.actorId;
  if (!actorId) return null;
  const who = names(actorId);
  const key = `draft-${phase}-${actorId}`;
  const typed = lines.split("\n").map((l) => l.trim()).filter(Boolean);
  const holding = JSON.stringify([lines, spin]);
  return (
    <form
      className="form chronicle-form"
      data-testid={key}
      onSubmit={async (e) => {
        e.preventDefault();
        if (state.fetching) return;
        const result = await write({ campaignId, phase, actorId, lines: typed, spin, draft: true });
        if (!result.error) setSent(holding);
      }}
    >
      <label htmlFor={`${key}-lines`}>Gossip of {who} (1–2 lines, one per line)</label>
      <textarea id={`${key}-lines`} value={lines} rows={3} onChange={(e) => setLines(e.target.value)} />
      <label htmlFor={`${key}-spin`}>Spin of {who}'s gossip</label>
      <input id={`${key}-spin`} value={spin} onChange={(e) => setSpin(e.target.value)} />
      <button type="submit" aria-disabled={state.fetching}>Save draft of {who}</button>
      <SavedLine saved={sent === holding && !state.fetching} />
      <ErrorMessage error={state.error} />
    </form>
  );
}

function SummaryForm({ campaignId, phase, summary, names }: { campaignId: string; phase: number; summary: Summary; names: Names }) {
  const [text, setText] = useEdited(summary.text);
  const [sent, setSent] = useState<string | null>(null);
  const [state, write] = useMutation(WriteTurnSummaryDocument);
  const who = summary.actorId ? `${names(summary.actorId)}'s turn` : "the whole phase";
  const key = `summary-${phase}-${summary.actorId ?? "phase"}`;
  return (
    <form className="form chronicle-form" data-testid={key}
      onSubmit={async (e) => {
        e.preventDefault();
        if (state.fetching) return;
        const result = await write({ campaignId, phase, actorId: summary.actorId, text });
        if (!result.error) setSent(text);
      }}>
      <label htmlFor={`${key}-text`}>Summary of {who} (the GM's only)</label>
      <textarea id={`${key}-text`} value={text} rows={6} onChange={(e) => setText(e.target.value)} />
      <button type="submit" aria-disabled={state.fetching} disabled={!text.trim()}>Save summary of {who}</button>
      <SavedLine saved={sent === text && !state.fetching} />
      <ErrorMessage error={state.error} />
    </form>
  );
}

export function GmDesk({ campaignId, phase, names }: { campaignId: string; phase: number; names: Names }) {
  const [{ data, error }] = useLiveQuery({ query: GmChronicleDocument, variables: { campaignId, phase } });
  const [drafted, redraft] = useMutation(DraftChronicleDocument);
  const [published, publish] = useMutation(PublishChronicleDocument);
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading what={`phase ${phase}'s drafts`} />;
  const drafts = data.chronicleDraft.filter((d) => d.actorId);
  return (
    <div className="gm-desk" data-testid="gm-desk">
      <div className="phase-buttons">
        <button type="button" className="secondary" disabled={drafted.fetching} onClick={() => redraft({ campaignId, phase })}>
          Draft phase {phase} from its events
        </button>
        <button type="button" disabled={published.fetching || drafts.length === 0} onClick={() => publish({ campaignId, phase })}>
          Publish phase {phase}'s chronicle
        </button>
      </div>
      <ErrorMessage error={drafted.error ?? published.error} />
      {published.data && <p role="status">Published: every seat hears phase {phase}'s gossip now.</p>}
      <h3>Drafted gossip ({drafts.length}, unpublished)</h3>
      {drafts.length === 0 ? <p>No draft waits: phase {phase}'s gossip is published, or none was drafted.</p>
        : <div className="desk-grid">{drafts.map((d) => <DraftForm key={d.actorId} campaignId={campaignId} phase={phase} draft={d} names={names} />)}</div>}
      <h3>The GM's summaries</h3>
      {data.gmChronicle.length === 0 ? <p>No summary written.</p>
        : <div className="desk-grid">{data.gmChronicle.map((s) => <SummaryForm key={s.actorId ?? "phase"} campaignId={campaignId} phase={phase} summary={s} names={names} />)}</div>}
    </div>
  );
}
