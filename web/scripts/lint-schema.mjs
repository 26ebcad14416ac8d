// The schema linter gate (docs/architecture.md, "Schema quality gates"): graphql-schema-linter with the rules
// in package.json ("graphql-schema-linter"), on the checked-in SDL. Each finding is printed with its schema
// coordinate (Type.field, Type.field(arg:), Input.value) so a missing description is found in the code at once.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join, relative } from "node:path";
import { parse, visit } from "graphql";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const schemaPath = join(web, "..", "schema.graphql");
const linter = join(web, "node_modules", ".bin", "graphql-schema-linter");

// Every schema element by the line and column of its node, named as a schema coordinate.
function coordinates(sdl) {
  const named = new Map();
  const at = (node, name) => named.set(`${node.loc.startToken.line}:${node.loc.startToken.column}`, name);
  const stack = [];
  const enter = (node) => {
    if (node.name) {
      const parent = stack.at(-1);
      const name = node.kind === "InputValueDefinition" && parent?.kind === "FieldDefinition"
        ? `${parent.coordinate}(${node.name.value}:)`
        : parent?.coordinate ? `${parent.coordinate}.${node.name.value}` : node.name.value;
      at(node, name);
      if (node.description) at(node.description, name);
      stack.push({ kind: node.kind, coordinate: name });
    } else stack.push({ kind: node.kind, coordinate: stack.at(-1)?.coordinate });
  };
  visit(parse(sdl), { enter, leave: () => void stack.pop() });
  return named;
}

let report;
try {
  report = execFileSync(linter, ["--format", "json", schemaPath], { cwd: web, encoding: "utf8" });
} catch (failed) {
  if (failed.status !== 1 || !failed.stdout) throw failed; // 1: findings, reported below
  report = failed.stdout;
}
const { errors } = JSON.parse(report);
const named = coordinates(readFileSync(schemaPath, "utf8"));
for (const error of errors) {
  const { line, column } = error.location;
  const coordinate = named.get(`${line}:${column}`) ?? "?";
  console.log(`${relative(process.cwd(), schemaPath)}:${line}:${column} ${coordinate}: ${error.message} [${error.rule}]`);
}
if (errors.length) {
  console.log(`\n${errors.length} finding(s). Descriptions go in the strawberry code (description=...), then \`make schema\`.`);
  process.exit(1);
}
console.log("schema lint: no findings");
