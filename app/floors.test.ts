/**
 * The floors of the house (.dependency-cruiser.mjs): no import runs back up a floor, and no files
 * import each other in a circle. A violation names the rule, the importer and what it imports.
 */
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";
import floors from "../.dependency-cruiser.mjs";

describe("the floors of the house", () => {
  it("have no import running back up and no circle", async () => {
    const result = await cruise(["app", "server"], { ...floors.options, validate: true, ruleSet: { forbidden: floors.forbidden } }, undefined, {
      tsConfig: extractTSConfig("tsconfig.json"),
    });
    if (typeof result.output === "string") throw new Error("dependency-cruiser answered in text, not as a report");
    const violations = result.output.summary.violations.map(({ rule, from, to, cycle }) =>
      cycle?.length ? `${rule.name}: ${from} -> ${cycle.map((step) => step.name).join(" -> ")}` : `${rule.name}: ${from} -> ${to}`,
    );
    expect(violations).toEqual([]);
    // A cruise that read nothing would find nothing wrong.
    expect(result.output.summary.totalCruised).toBeGreaterThan(500);
  }, 120_000);
});
