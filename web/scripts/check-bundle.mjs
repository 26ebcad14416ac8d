// The console's bundle-size budget (issue 18, "a bundle-size budget checked at build"), gzip sizes:
// the first page (index.html's entry script and its CSS) and everything the build wrote.
// A build over budget fails `make console`, so growth is a decision, not a drift.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET = { entryKb: 150, totalKb: 450 };
const out = process.argv[2] ?? "../service/entrypoints/console/static";
const gz = (path) => gzipSync(readFileSync(path)).length / 1024;
const files = (dir) => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  return statSync(path).isDirectory() ? files(path) : [path];
});

const index = readFileSync(join(out, "index.html"), "utf8");
const entry = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => join(out, m[1]));
const entryKb = entry.reduce((sum, path) => sum + gz(path), 0);
const totalKb = files(out).filter((p) => /\.(js|css|html)$/.test(p)).reduce((sum, path) => sum + gz(path), 0);
console.log(`console bundle (gzip): first page ${entryKb.toFixed(1)} KB of ${BUDGET.entryKb} KB; all ${totalKb.toFixed(1)} KB of ${BUDGET.totalKb} KB`);
if (entry.length === 0) {
  console.log("no entry script found in index.html");
  process.exit(1);
}
if (entryKb > BUDGET.entryKb || totalKb > BUDGET.totalKb) {
  console.log("over the bundle budget: make the first page lighter (lazy-load a screen) or raise the budget in scripts/check-bundle.mjs with the reason");
  process.exit(1);
}
