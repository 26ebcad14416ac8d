import { Section } from "../../../components/ui";

export function MapScreen() {
  return <Section title="Map"><p>This screen is being built.</p></Section>;
}
