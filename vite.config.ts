import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import path from "node:path";
import { devanagariSubset } from "./vite-plugins/devanagari-subset";
import { documentsWorker } from "./vite-plugins/documents-worker";
import { newsletterWorker } from "./vite-plugins/newsletter-worker";
import { embeddedDatabaseTemplate } from "./vite-plugins/embedded-database-template";
import { ISLANDS_ENTRY, islandsEntry } from "./vite-plugins/islands-entry";
import { precompressedAssets } from "./vite-plugins/precompressed-assets";
import { READER_QUERY, readerTexts } from "./vite-plugins/reader-texts";
import { CATALOG_CHUNK, READER_CHUNK } from "./app/server/platform/catalog-chunk-names";
import { tipsManifest } from "./vite-plugins/tips-manifest";

/**
 * Every module the reader site's islands run (the islands app/islands.client.tsx loads and what
 * they import), but for packages, the tip line's own code, the documents' viewer (fetched by a
 * document's page, and by a story only when a reader opens one of its documents) and what follows a
 * live story (fetched by a running live story's page alone): one file for reader pages to fetch,
 * rather than forty small ones over a phone's six connections. The entry itself stays out of it:
 * the back office imports modules it shares with the islands (texts, languages) from this chunk,
 * and an entry placed in it would start the islands on every back-office page.
 */
let islandModules: Set<string> | undefined;
function readerIslands(getModuleInfo: (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null): Set<string> {
  if (islandModules) return islandModules;
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id) || id.includes("/node_modules/") || id.includes("/components/tips/") || id.includes("/components/documents/") || id.includes("/components/live/follow/")) return;
    found.add(id);
    const info = getModuleInfo(id);
    // Lazy imports stay lazy (form validation, loaded on a first submit), but for the islands' own.
    const lazy = id.endsWith("/app/island-loaders.ts") ? (info?.dynamicallyImportedIds ?? []) : [];
    for (const next of [...(info?.importedIds ?? []), ...lazy]) visit(next);
  };
  const entry = path.resolve(ISLANDS_ENTRY);
  visit(entry);
  found.delete(entry);
  islandModules = found;
  return found;
}

/**
 * Each language's catalog, by module id, with the name of its chunk ("messages.ne"): the module its
 * config (app/lib/languages/<code>/config.ts) loads with a dynamic import; and the same cut to the
 * reader islands' texts ("reader-texts.ne"), imported with `?reader`. The server finds a page's
 * catalog chunks by these names (server/platform/catalog-chunks.ts).
 */
let catalogModules: Map<string, string> | undefined;
function catalogChunkNames(getModuleInfo: (id: string) => { dynamicallyImportedIds: readonly string[] } | null): Map<string, string> {
  if (catalogModules) return catalogModules;
  const folder = path.resolve("app/lib/languages");
  const codes = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  catalogModules = new Map();
  for (const code of codes) {
    for (const id of getModuleInfo(path.join(folder, code, "config.ts"))?.dynamicallyImportedIds ?? []) {
      catalogModules.set(id, `${id.endsWith(READER_QUERY) ? READER_CHUNK : CATALOG_CHUNK}.${code}`);
    }
  }
  return catalogModules;
}

export default defineConfig({
  plugins: [
    devanagariSubset(),
    readerTexts(),
    tailwindcss(),
    reactRouter(),
    islandsEntry(),
    // After islandsEntry, whose islands.json it starts from.
    tipsManifest(),
    precompressedAssets(),
    documentsWorker(),
    newsletterWorker(),
    embeddedDatabaseTemplate(),
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // nepali-date-converter is CJS without "exports"; bundling it avoids a broken default import.
  ssr: { noExternal: ["nepali-date-converter"] },
  environments: {
    // Chunks under 10 KB are merged into the ones loaded with them: a reader page loaded 30 files,
    // a round trip each over HTTP/1.1's six connections, for 15 that carry the same code.
    // Each language's catalog stays a chunk of its own, loaded for its pages alone (lib/i18n.ts).
    client: {
      build: {
        rollupOptions: {
          output: {
            manualChunks: (id, { getModuleInfo }) => {
              const catalog = catalogChunkNames(getModuleInfo).get(id);
              if (catalog) return catalog;
              // React apart from React Router: reader pages load React for their islands, not the router.
              if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id) && !/react-dom-server|\/server/.test(id)) return "react";
              if (/\/node_modules\/(react-router|cookie|set-cookie-parser)\//.test(id)) return "router";
              if (readerIslands(getModuleInfo).has(id)) return "islands";
              return undefined;
            },
          },
        },
      },
    },
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
