// The typed client may hold no `any` and no `unknown` (issue 17, item 10): each would be a value a console
// cannot use without a cast. Comments and string literals are not types and are skipped. The one exception is
// codegen's own helper `Exact<T extends { [key: string]: unknown }>`: a constraint on the variables object that
// never types a value (every operation's variables are spelled out field by field). The second is
// typed-document-node's constant for each operation, `export const XDocument = {…} as unknown as
// DocumentNode<XQuery, XQueryVariables>;`: a cast of the parsed document to its fully typed node, so the
// constant's type holds no `unknown` (the pattern is matched whole, the operation's types named).
import { readFileSync } from "node:fs";

const HELPER = "type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };";
const DOCUMENT = /^export const (\w+)Document = \{.*\} as unknown as DocumentNode<\1(Query|Mutation|Subscription), \1\2Variables>;$/;
const file = process.argv[2];
const found = [];
readFileSync(file, "utf8").split("\n").forEach((line, index) => {
  const code = line.replace(/\/\*.*?\*\/|\/\/.*$|'[^']*'|"[^"]*"/g, "");
  if (line.trim() === HELPER || DOCUMENT.test(line.trim()) || /^\s*(\/\*\*|\*)/.test(line)) return;
  for (const word of ["any", "unknown"]) if (new RegExp(`\\b${word}\\b`).test(code)) found.push(`${file}:${index + 1}: ${word}: ${line.trim()}`);
});
if (!readFileSync(file, "utf8").includes(HELPER) && /\bExact</.test(readFileSync(file, "utf8"))) {
  found.push(`${file}: codegen's Exact helper changed; check it for any/unknown and update scripts/check-no-any.mjs`);
}
if (found.length) {
  console.log(found.join("\n"));
  console.log(`\n${found.length} untyped value(s) in the typed client: give the field or scalar a type (codegen.yml, the schema).`);
  process.exit(1);
}
console.log(`${file}: no any, no unknown`);
