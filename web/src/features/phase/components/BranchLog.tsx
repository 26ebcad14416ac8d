// One resolution's log, read from `phaseLog` with its `attempt` (every page of it).
import { ErrorMessage, Loading } from "../../../components/ui";
import { BranchLogDocument } from "../../../graphql/generated";
import { useLiveQuery } from "../../../lib/campaign";
import { LogView, type Names } from "./LogView";

export function BranchLog({ campaignId, phase, attempt, names }: { campaignId: string; phase: number; attempt: number; names: Names }) {
  const [{ data, fetching, error }] = useLiveQuery({ query: BranchLogDocument, variables: { campaignId, phase, attempt } });
  if (fetching && !data) return <Loading what={`the log of phase ${phase}`} />;
  if (error) return <ErrorMessage error={error} />;
  const log = data?.phaseLog;
  if (!log) return null;
  return (
    <>
      <p className="log-count">{log.totalCount} events{log.pageInfo.hasNextPage ? " (the first 500 shown)" : ""}.</p>
      <LogView events={log.nodes} names={names} />
    </>
  );
}
