// The graphql-http audit (GraphQL over HTTP conformance) against a served /graphql, for
// tests/entrypoints/graphql/test_graphql_over_http.py: one JSON line per audit that is not ok, then a count;
// exit 1 when any audit warns or fails (a MAY's notice is printed, and counted, but fails nothing).
import { auditServer } from 'graphql-http';

const url = process.argv[2];
if (!url) {
  console.error('usage: node scripts/audit-graphql-http.mjs http://host:port/graphql');
  process.exit(2);
}
const results = await auditServer({ url });
const notOk = results.filter((result) => result.status !== 'ok');
for (const result of notOk) {
  const { id, name, status, reason } = result;
  console.log(JSON.stringify({ id, name, status, reason, httpStatus: result.response?.status }));
}
const failing = notOk.filter((result) => result.status !== 'notice');
console.log(`${results.length} audits: ${results.length - notOk.length} ok, ${notOk.length - failing.length} notices, ${failing.length} warnings or errors`);
process.exit(failing.length ? 1 : 0);
