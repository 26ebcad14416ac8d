// Creating a campaign: its creator becomes the GM and the GM token is kept in this browser.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useMutation } from "urql";
import { ErrorMessage, Section } from "../../../components/ui";
import { CreateEmptyCampaignDocument } from "../../../graphql/generated";
import { rememberSeat } from "../../../lib/session";

export function CreateCampaign() {
  const [name, setName] = useState("");
  const [{ fetching, error }, create] = useMutation(CreateEmptyCampaignDocument);
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await create({ input: { name: name.trim(), ruleSystems: ["FACTION_TURN", "GAME_OF_BONES"] } });
    const campaign = result.data?.createCampaign;
    if (campaign?.gmToken) {
      rememberSeat(campaign.id, { token: campaign.gmToken, role: "GM", name: "GM", seatId: "" });
      navigate(`/campaigns/${campaign.id}`);
    }
  }

  return (
    <Section title="New campaign">
      <form onSubmit={submit} className="form">
        <label htmlFor="campaign-name">Name</label>
        <input id="campaign-name" value={name} onChange={(e) => setName(e.target.value)} required />
        <button type="submit" disabled={fetching || !name.trim()}>Create</button>
        <ErrorMessage error={error} />
      </form>
    </Section>
  );
}
