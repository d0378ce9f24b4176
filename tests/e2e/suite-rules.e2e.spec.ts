/**
 * Rules the browser tests keep, checked over their sources: a spec that took Playwright's `test`
 * directly would run without the shared fixture (support/test.ts), so a page that throws would
 * not fail it and its `goto` would not wait for the page's islands.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "./support/test";

const SUITE = path.resolve(import.meta.dirname);

/** Every TypeScript file of the suite, support files included, relative to it. */
function suiteFiles(): string[] {
  return readdirSync(SUITE, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts")).sort();
}

/** The names a file imports as values (not `type` ones) from `source`, or `*` for a namespace or default import. */
function valuesImported(code: string, source: string): string[] {
  const names: string[] = [];
  const imports = [...code.matchAll(/\bimport\s+(?!type\b)([^;]*?)\s+from\s+["']([^"']+)["']/g)].filter((m) => m[2] === source);
  for (const [, clause = ""] of imports) {
    const named = /\{([^}]*)\}/.exec(clause)?.[1];
    if (named !== undefined) {
      names.push(...named.split(",").map((name) => name.trim()).filter((name) => name && !name.startsWith("type ")).map((name) => name.split(/\s+as\s+/)[0]!));
    }
    if (clause.replace(/\{[^}]*\}/, "").replace(/,/g, "").trim()) names.push("*");
  }
  if (new RegExp(`\\b(?:require|import)\\(\\s*["']${source.replace(/[/@]/g, "\\$&")}["']`).test(code)) names.push("*");
  return names;
}

test("every spec takes `test` from the shared fixture, never from @playwright/test", () => {
  const files = suiteFiles();
  const specs = files.filter((file) => file.endsWith(".spec.ts"));
  expect(specs.length).toBeGreaterThan(20);
  for (const spec of specs) {
    const code = readFileSync(path.join(SUITE, spec), "utf8");
    expect(valuesImported(code, "./support/test"), spec).toContain("test");
  }
  for (const file of files.filter((name) => name !== path.join("support", "test.ts"))) {
    const fromPlaywright = valuesImported(readFileSync(path.join(SUITE, file), "utf8"), "@playwright/test");
    expect(fromPlaywright.filter((name) => name === "test" || name === "*"), file).toEqual([]);
  }
});

test("the rule above sees an import of Playwright's own `test`, however it is written", () => {
  // Spelled apart, so that this file's own examples are not imports the rule above finds.
  const playwright = ["@playwright", "test"].join("/");
  for (const code of [
    `import { test, expect } from "${playwright}";`,
    `import { expect, test as it } from "${playwright}";`,
    `import * as pw from "${playwright}";`,
    `const { test } = require("${playwright}");`,
  ]) {
    expect(valuesImported(code, playwright).some((name) => name === "test" || name === "*"), code).toBe(true);
  }
  expect(valuesImported(`import { type Page, expect } from "${playwright}";`, playwright)).toEqual(["expect"]);
  expect(valuesImported(`import type { Page } from "${playwright}";`, playwright)).toEqual([]);
});

test.describe("the shared fixture", () => {
  const throwLater = (page: Page) => page.evaluate(() => void setTimeout(() => Promise.reject(new Error("thrown on purpose"))));

  test("fails a test whose page throws", async ({ page }) => {
    test.fail();
    await page.setContent("<p>A page</p>");
    await Promise.all([page.waitForEvent("pageerror"), throwLater(page)]);
  });

  test("fails a test whose page, in a context the test opened itself, throws", async ({ browser }) => {
    test.fail();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent("<p>A page</p>");
    await Promise.all([page.waitForEvent("pageerror"), throwLater(page)]);
    await context.close();
  });

  test("lets a test allow the errors it provokes", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/logged on purpose/);
    await page.setContent("<p>A page</p>");
    await Promise.all([page.waitForEvent("console"), page.evaluate(() => console.error("logged on purpose"))]);
  });

  test("fails a test whose page logs an error it did not allow", async ({ page }) => {
    test.fail();
    await page.setContent("<p>A page</p>");
    await Promise.all([page.waitForEvent("console"), page.evaluate(() => console.error("logged on purpose"))]);
  });

  test("waits for the islands of a page in a context the test opened itself", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/news");
    expect(await page.evaluate(() => document.documentElement.dataset.islands)).toBe("ready");
    await context.close();
  });
});
