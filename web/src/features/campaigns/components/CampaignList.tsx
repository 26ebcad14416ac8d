// The list of campaigns (open to anyone unless the server hides it), with the seat this browser holds in each.
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "urql";
import { ErrorMessage, Loading, Section } from "../../../components/ui";
import { CampaignListDocument } from "../../../graphql/generated";
import { campaignPath } from "../../../lib/paths";
import { heldSeats, roleName, type HeldSeat } from "../../../lib/session";
import { CreateCampaign } from "./CreateCampaign";

export function CampaignList() {
  const [{ data, fetching, error }] = useQuery({ query: CampaignListDocument, variables: { first: 50 } });
  const [held, setHeld] = useState<HeldSeat[]>([]);
  useEffect(() => {
    let current = true;
    heldSeats().then((seats) => { if (current) setHeld(seats); }, () => undefined);
    return () => { current = false; };
  }, []);
  return (
    <>
      <Section title="Campaigns">
        {fetching && !data ? <Loading what="campaigns" /> : null}
        <ErrorMessage error={error} />
        {data ? (
          <table className="table">
            <caption>{data.campaigns.totalCount} campaigns</caption>
            <thead>
              <tr><th scope="col">Name</th><th scope="col">Phase</th><th scope="col">Status</th><th scope="col">Your seat</th></tr>
            </thead>
            <tbody>
              {data.campaigns.edges.map(({ node }) => {
                const seat = held.find((s) => s.campaignId === node.id);
                return (
                  <tr key={node.id}>
                    <td>{seat ? <Link to={campaignPath(node.id)}>{node.name}</Link> : node.name}</td>
                    <td>{node.phase}</td>
                    <td>{node.phaseStatus}</td>
                    <td>{seat ? `${seat.name} (${roleName(seat.role)})` : <Link to="/sign-in">sign in</Link>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
      </Section>
      <CreateCampaign />
    </>
  );
}
