import { Section } from "../../../components/ui";

export function ChartsScreen() {
  return <Section title="Charts"><p>This screen is being built.</p></Section>;
}
