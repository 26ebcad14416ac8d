// Standings (issue 18): the factions (seed 002) and the houses (seed 000) as the seat may see them, sortable.
import { ErrorMessage, Loading, Section } from "../../../components/ui";
import { StandingsViewDocument, type StandingsViewQuery } from "../../../graphql/generated";
import { useCampaign, useLiveQuery } from "../../../lib/campaign";
import { shown, SortableTable, type Column } from "./SortableTable";
import "./standings.css";

type FactionRow = StandingsViewQuery["factions"][number];
type HouseRow = StandingsViewQuery["houses"][number];

// The Wild has no ratings or HP in the seed (issue 29): the server says so in `statsNote`, and none is shown.
function noStat(note: string) {
  return <span className="no-stat" title={note} aria-label="none in the seed">none</span>;
}

function stat(f: FactionRow, value: number) {
  return f.statsNote ? noStat(f.statsNote) : shown(value);
}

/** A goal in words, with its target named (issue 28, item 5: the standings show a goal's target). */
export function goalText(goal: NonNullable<FactionRow["goal"]>, nameOf: (id: string) => string): string {
  const words = goal.key.replaceAll("_", " ");
  return goal.target ? `${words} (target: ${nameOf(goal.target)})` : words;
}

/** The factions' columns; `nameOf` names a goal's target (a faction or a region, by id). */
export function factionColumns(nameOf: (id: string) => string): Column<FactionRow>[] {
  return [
  { key: "name", label: "Faction", value: (f) => f.name, render: (f) => <>{f.name}{f.destroyed ? " (destroyed)" : ""}</> },
  { key: "hp", label: "HP", value: (f) => (f.statsNote ? null : f.hp),
    render: (f) => (f.statsNote ? noStat(f.statsNote) : `${f.hp} of ${f.maxHp}`) },
  { key: "force", label: "Force", value: (f) => (f.statsNote ? null : f.force), render: (f) => stat(f, f.force) },
  { key: "cunning", label: "Cunning", value: (f) => (f.statsNote ? null : f.cunning), render: (f) => stat(f, f.cunning) },
  { key: "wealth", label: "Wealth", value: (f) => (f.statsNote ? null : f.wealth), render: (f) => stat(f, f.wealth) },
  { key: "facgold", label: "FacGold", value: (f) => f.facgold ?? null },
  { key: "xp", label: "XP", value: (f) => f.xp ?? null },
  { key: "assets", label: "Assets", value: (f) => f.assets.length,
    render: (f) => <span title={f.assets.map((a) => a.name).join(", ")}>{f.assets.length}</span> },
  // A goal is null both when the seat may not see it and when there is none: FacGold tells which (whole view).
  { key: "goal", label: "Goal", value: (f) => (f.goal ? goalText(f.goal, nameOf) : null),
    render: (f) => (f.goal ? goalText(f.goal, nameOf) : f.facgold === null || f.facgold === undefined ? shown(null) : "none") },
  ];
}

export function houseColumns(areaName: (id: string) => string): Column<HouseRow>[] {
  return [
    { key: "rank", label: "Rank", value: (h) => h.rank },
    { key: "name", label: "House", value: (h) => h.name, render: (h) => <>{h.name}{h.destroyed ? " (destroyed)" : ""}</> },
    { key: "influence", label: "Influence", value: (h) => h.influence ?? null },
    { key: "power", label: "Power", value: (h) => h.power ?? null },
    { key: "lieutenants", label: "Lieutenants", value: (h) => h.lieutenants.length,
      render: (h) => (h.lieutenants.length ? h.lieutenants.map((l) => `${l.name} (${l.level})`).join(", ") : "none") },
    { key: "areas", label: "Areas", value: (h) => h.areaIds.length,
      render: (h) => (h.areaIds.length ? h.areaIds.map(areaName).join(", ") : shown("none")) },
  ];
}

export function StandingsScreen() {
  const { campaignId } = useCampaign();
  const [{ data, fetching, error }] = useLiveQuery({ query: StandingsViewDocument, variables: { campaignId } });
  const areas = new Map((data?.areas ?? []).map((a) => [a.id, a.name]));
  const targets = new Map([...(data?.campaign?.regions ?? []), ...(data?.factions ?? [])].map((m) => [m.id, m.name]));
  return (
    <>
      {fetching && !data ? <Loading what="the standings" /> : null}
      <ErrorMessage error={error} />
      {data ? (
        <>
          <Section title="Factions">
            {data.factions.length ? (
              <SortableTable testId="faction-standings" caption={`${data.factions.length} factions (seed 002)`}
                columns={factionColumns((id) => targets.get(id) ?? "a member hidden from this seat")} rows={data.factions} initial={{ key: "name", descending: false }} />
            ) : <p>No factions in this campaign.</p>}
          </Section>
          <Section title="Houses">
            {data.houses.length ? (
              <SortableTable testId="house-standings" caption={`${data.houses.length} houses (seed 000)`}
                columns={houseColumns((id) => areas.get(id) ?? "an area")} rows={data.houses}
                initial={{ key: "rank", descending: true }} />
            ) : <p>No houses in this campaign.</p>}
          </Section>
        </>
      ) : null}
    </>
  );
}
