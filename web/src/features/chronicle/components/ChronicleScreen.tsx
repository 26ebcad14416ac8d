import { Section } from "../../../components/ui";

export function ChronicleScreen() {
  return <Section title="Chronicle"><p>This screen is being built.</p></Section>;
}
