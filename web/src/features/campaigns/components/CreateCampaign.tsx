// Creating a campaign from a preset (docs/console.md, Presets): its creator becomes the GM and the GM token,
// answered once, is traded at once for the campaign's HttpOnly cookie (docs/console.md, "Seat tokens").
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useMutation } from "urql";
import { ErrorMessage, Section } from "../../../components/ui";
import { CreateCampaignFromPresetDocument, type CampaignPreset } from "../../../graphql/generated";
import { campaignPath } from "../../../lib/paths";
import { signIn } from "../../../lib/session";

export const PRESETS: { value: CampaignPreset; label: string }[] = [
  { value: "DEMO", label: "The demo: the worked example and three houses (Faction Turn and Game of Bones)" },
  { value: "WORKED_EXAMPLE", label: "The worked example: seed 002's five factions and The Wild (Faction Turn)" },
  { value: "EMPTY_MAP", label: "An empty map: the worked example's 8×10 hexes, nobody on them" },
];

export function CreateCampaign() {
  const [name, setName] = useState("");
  const [preset, setPreset] = useState<CampaignPreset>("DEMO");
  const [{ fetching, error }, create] = useMutation(CreateCampaignFromPresetDocument);
  const [refused, setRefused] = useState<string | null>(null);
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ruleSystems = preset === "WORKED_EXAMPLE" ? ["FACTION_TURN" as const] : ["FACTION_TURN" as const, "GAME_OF_BONES" as const];
    const result = await create({ input: { name: name.trim(), ruleSystems, preset } });
    const campaign = result.data?.createCampaign;
    if (campaign?.gmToken) {
      try {
        await signIn(campaign.gmToken);
        navigate(campaignPath(campaign.id));
      } catch (failed) {
        setRefused(failed instanceof Error ? failed.message : "The GM's seat could not be kept in this browser.");
      }
    }
  }

  return (
    <Section title="New campaign">
      <form onSubmit={submit} className="form">
        <label htmlFor="campaign-name">Name</label>
        <input id="campaign-name" value={name} onChange={(e) => setName(e.target.value)} required />
        <label htmlFor="campaign-preset">Start from</label>
        <select id="campaign-preset" value={preset} onChange={(e) => setPreset(e.target.value as CampaignPreset)}>
          {PRESETS.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
        </select>
        <button type="submit" disabled={fetching || !name.trim()}>{fetching ? "Creating…" : "Create"}</button>
        <ErrorMessage error={error ?? refused} />
      </form>
    </Section>
  );
}
