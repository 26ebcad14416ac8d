import { Section } from "../../../components/ui";

export function OrdersScreen() {
  return <Section title="Orders"><p>This screen is being built.</p></Section>;
}
