import { Section } from "../../../components/ui";

export function PhaseScreen() {
  return <Section title="Phase"><p>This screen is being built.</p></Section>;
}
