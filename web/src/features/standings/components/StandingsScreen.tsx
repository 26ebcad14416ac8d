import { Section } from "../../../components/ui";

export function StandingsScreen() {
  return <Section title="Standings"><p>This screen is being built.</p></Section>;
}
