// A phase's log as it was played: initiative, then each turn with its events and rolls, then what came between.
import { aboutMember, eventSummary, eventTitle, rollsOf, sectionsOf, type LogEvent } from "../model";
import { RollLine } from "./RollLine";

export type Names = (id: string) => string;

function EventItem({ event, names }: { event: LogEvent; names: Names }) {
  const rolls = rollsOf(event.payload);
  const summary = eventSummary(event);
  const about = aboutMember(event);
  const actor = about ? `the GM's chronicle, of ${names(about)}` : names(event.aggregateId);
  return (
    <li className="log-event" data-testid="log-event" data-topic={event.topic}>
      <span className="log-title">{eventTitle(event.topic)}</span> <span className="log-actor">({actor})</span>
      {summary && <span className="log-summary">: {summary}</span>}
      {rolls.length > 0 && <ul className="rolls" aria-label="Rolls">{rolls.map((r, i) => <RollLine key={i} roll={r} />)}</ul>}
    </li>
  );
}

export function LogView({ events, names }: { events: LogEvent[]; names: Names }) {
  if (events.length === 0) return <p>No events in this log.</p>;
  return (
    <div className="log">
      {sectionsOf(events).map((section, i) => {
        if (section.kind === "initiative") {
          return (
            <section key={i} className="log-section" data-testid="log-initiative" aria-label="Initiative">
              <h4>Initiative</h4>
              <ol className="initiative-order">{section.order.map((id) => <li key={id}>{names(id)}</li>)}</ol>
              {section.rolls.length > 0 && <ul className="rolls" aria-label="Initiative rolls">{section.rolls.map((r, j) => <RollLine key={j} roll={r} />)}</ul>}
            </section>
          );
        }
        if (section.kind === "turn") {
          return (
            <section key={i} className="log-section" data-testid="log-turn" aria-label={`Turn of ${names(section.actorId)}`}>
              <h4>Turn of {names(section.actorId)}</h4>
              <ul className="log-events">{section.events.map((e) => <EventItem key={e.position} event={e} names={names} />)}</ul>
            </section>
          );
        }
        return (
          <section key={i} className="log-section" aria-label="Events">
            <ul className="log-events">{section.events.map((e) => <EventItem key={e.position} event={e} names={names} />)}</ul>
          </section>
        );
      })}
    </div>
  );
}
