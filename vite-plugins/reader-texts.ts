/**
 * The reader site's islands show a few hundred of the interface's texts; the catalogs hold every
 * text of the back office too (1,346 in English, 155 KB of Nepali script before compression). A
 * reader page fetches, for its islands, its language's catalog cut down to the texts the islands'
 * code names (`import("…/messages?reader")`, a language config's `readerMessages`, its default export), made here at
 * build time:
 *
 * - the keys: every string and name in the sources the islands' entry reaches (app/islands.client.tsx
 *   and what it imports, statically or not, under app/), that is a key of the English catalog. A key
 *   an island builds from parts would be missed: the islands' sources are checked for that
 *   (reader-texts.test.ts), and a text missing in the browser would make its island render
 *   differently from the server's HTML, which the browser tests fail on.
 * - the texts: the catalog module's exported object, with only those keys.
 */
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { Plugin } from "vite";

export const READER_QUERY = "?reader";
const ENTRY = "app/islands.client.tsx";
const ENGLISH_CATALOG = "app/lib/messages.ts";

const sourceOf = (file: string) => ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** The object literal a catalog module exports (`export const en = {…}`). */
function exportedCatalog(file: string): { object: ts.ObjectLiteralExpression } {
  for (const statement of sourceOf(file).statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      let initializer = declaration.initializer;
      while (initializer && (ts.isAsExpression(initializer) || ts.isSatisfiesExpression(initializer))) initializer = initializer.expression;
      if (initializer && ts.isObjectLiteralExpression(initializer)) return { object: initializer };
    }
  }
  throw new Error(`${file}: no exported catalog object found`);
}

const propertyName = (property: ts.ObjectLiteralElementLike) =>
  ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;

/** The language configs (app/lib/languages/<code>/config.ts), which lib/languages finds with `import.meta.glob`. */
const languageConfigs = (root: string) =>
  readdirSync(path.join(root, "app/lib/languages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(root, "app/lib/languages", entry.name, "config.ts"));

/** The catalog files: what each language config imports by `import()`. */
function catalogFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const config of languageConfigs(root)) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        const resolved = resolveSource(node.arguments[0].text.replace(READER_QUERY, ""), config, root);
        if (resolved) files.add(resolved);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceOf(config));
  }
  return files;
}

/** A module specifier of our own sources (relative, or `~/` for app/) as a file; packages are none. */
function resolveSource(specifier: string, importer: string, root: string): string | undefined {
  const base = specifier.startsWith("~/") ? path.join(root, "app", specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(importer), specifier) : undefined;
  if (!base) return undefined;
  const clean = base.split("?")[0]!;
  for (const candidate of [clean, `${clean}.ts`, `${clean}.tsx`, path.join(clean, "index.ts"), path.join(clean, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The sources the islands' entry reaches, but the catalogs. */
export function islandSources(root: string): string[] {
  const catalogs = catalogFiles(root);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || catalogs.has(file)) return;
    seen.add(file);
    const walk = (node: ts.Node): void => {
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
          ? node.moduleSpecifier.text
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])
            ? node.arguments[0].text
            : undefined;
      const next = specifier === undefined ? undefined : resolveSource(specifier, file, root);
      if (next) visit(next);
      ts.forEachChild(node, walk);
    };
    walk(sourceOf(file));
  };
  visit(path.join(root, ENTRY));
  for (const config of languageConfigs(root)) visit(config);
  return [...seen];
}

/** The catalog keys the islands' sources name. */
export function readerKeys(root: string): Set<string> {
  const keys = new Set(exportedCatalog(path.join(root, ENGLISH_CATALOG)).object.properties.flatMap((property) => propertyName(property) ?? []));
  const named = new Set<string>();
  for (const file of islandSources(root)) {
    const walk = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) || ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
        if (keys.has(node.text)) named.add(node.text);
      }
      ts.forEachChild(node, walk);
    };
    walk(sourceOf(file));
  }
  return named;
}

/** The catalog module at `file`, its exported object cut to `keys`, as JavaScript: the module's default export. */
export function readerCatalogModule(file: string, keys: ReadonlySet<string>): string {
  const kept = exportedCatalog(file).object.properties.filter((property) => keys.has(propertyName(property) ?? ""));
  return `export default {\n${kept.map((property) => `  ${JSON.stringify(propertyName(property))}: ${(property as ts.PropertyAssignment).initializer.getText()},`).join("\n")}\n};\n`;
}

export function readerTexts(): Plugin {
  let keys: Set<string> | undefined;
  return {
    name: "khulasa:reader-texts",
    enforce: "pre",
    load(id) {
      if (!id.endsWith(READER_QUERY)) return null;
      keys ??= readerKeys(process.cwd());
      return readerCatalogModule(id.slice(0, -READER_QUERY.length), keys);
    },
    // Development reads the sources anew: a key added to an island is found without a restart.
    watchChange() {
      keys = undefined;
    },
  };
}
