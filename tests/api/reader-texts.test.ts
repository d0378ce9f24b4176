/**
 * A reader page's islands load their language's texts cut to what their code names
 * (vite-plugins/reader-texts.ts): the cut holds every text they name, the same words as the whole
 * catalog, and none of the back office's; and no island builds a text's key from parts, which the
 * cut would miss.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { ne } from "../../app/lib/messages.ne";
import { islandSources, readerKeys } from "../../vite-plugins/reader-texts";

const root = path.resolve(import.meta.dirname, "../..");
const assets = path.join(root, "build/client/assets");
let keys: Set<string>;

beforeAll(() => {
  keys = readerKeys(root);
});

describe("the reader islands' texts", () => {
  it("are the texts the islands' code names, with the languages' own names, and none only the back office uses", () => {
    // The page's loading label (islands.client.tsx), the newsletter's form, the language switch's names (the configs).
    for (const key of ["loading", "newsletterThanks", "languageNepali", "languageEnglish"]) expect([key, keys.has(key)]).toEqual([key, true]);
    for (const key of ["dashboardFailed", "auditNoteCreate", "reviewQueueTitle"]) expect([key, keys.has(key)]).toEqual([key, false]);
    expect(keys.size).toBeLessThan(Object.keys(en).length / 3);
  });

  it("are built into a chunk per language holding exactly those texts, word for word", async () => {
    for (const [code, catalog] of [["en", en], ["ne", ne]] as const) {
      const file = readdirSync(assets).find((name) => name.startsWith(`reader-texts.${code}-`) && name.endsWith(".js"));
      expect(file, `build/client/assets/reader-texts.${code}-*.js`).toBeDefined();
      const texts = (await import(pathToFileURL(path.join(assets, file!)).href)).default as Record<string, string>;
      expect(Object.keys(texts).sort()).toEqual([...keys].filter((key) => key in catalog).sort());
      for (const [key, text] of Object.entries(texts)) expect([key, text]).toEqual([key, catalog[key as keyof typeof catalog]]);
    }
  });

  it("are never looked up by a key built from parts in the islands' code", () => {
    const built: string[] = [];
    for (const file of islandSources(root)) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const fromParts = (node: ts.Node) => ts.isTemplateExpression(node) || (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken);
      const visit = (node: ts.Node): void => {
        const lookup =
          (ts.isElementAccessExpression(node) && /messages|catalog|texts/i.test(node.expression.getText()) && fromParts(node.argumentExpression)) ||
          (ts.isCallExpression(node) && /^(t|translate)$/.test(node.expression.getText()) && node.arguments.some((argument, index) => index < 2 && fromParts(argument)));
        if (lookup) built.push(`${path.relative(root, file)}: ${node.getText()}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(built).toEqual([]);
  });
});
