// @vitest-environment node
// The import boundaries hold, and the rule that keeps them can fail (issue 30, item 8): a feature importing
// another, or lib/ importing a feature, is refused by `npm run lint` (eslint.config.js).
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe("the console's import boundaries", () => {
  it("refuse a feature importing another feature", async () => {
    const found = await problems('import { TableDicePanel } from "../../tabledice";\nexport const x = TableDicePanel;\n',
      "src/features/phase/components/Crossing.tsx");
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("features never import each other");
  });

  it("refuse shared code importing a feature", async () => {
    const found = await problems('import { PhaseScreen } from "../features/phase";\nexport const x = PhaseScreen;\n',
      "src/lib/reachingUp.ts");
    expect(found[0]).toContain("shared code never imports features or the app");
  });

  it("let a feature import shared code and its own files, and the app compose features", async () => {
    expect(await problems('import { Section } from "../../../components/ui";\nimport { BranchLog } from "./BranchLog";\nexport const x = [Section, BranchLog];\n',
      "src/features/phase/components/Fine.tsx")).toEqual([]);
    expect(await problems('import { PhaseScreen } from "../features/phase";\nimport { TableDicePanel } from "../features/tabledice";\nexport const x = [PhaseScreen, TableDicePanel];\n',
      "src/app/Composing.tsx")).toEqual([]);
  });
});
