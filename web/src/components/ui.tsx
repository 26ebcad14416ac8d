// Small shared pieces every screen uses: a titled section, an error that says what the server said, a loading line.
import type { ReactNode } from "react";
import type { CombinedError } from "urql";

export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="section" aria-label={title}>
      <header className="section-header">
        <h2>{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}

export function ErrorMessage({ error }: { error: CombinedError | string | null | undefined }) {
  if (!error) return null;
  const text = typeof error === "string" ? error : error.graphQLErrors.map((e) => e.message).join("; ") || error.message;
  return (
    <p role="alert" className="error">
      {text}
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return <p className="loading" aria-live="polite">Loading {what}…</p>;
}
