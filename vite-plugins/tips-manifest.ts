/**
 * Writes `tips-manifest.json` into the browser build, which the site serves at /tips-manifest.json:
 * every file the tip line's pages can make the browser load, with its SHA-256, and the hashes of the
 * inline scripts and styles those pages may carry. `npm run verify-tips` (scripts/verify-tips.js)
 * compares a live site with it, so that anyone holding a build of the same commit can tell whether
 * the site sends the code this repository builds (docs/tips.md, "Checking the page's scripts").
 *
 * The files are found from the build itself, not from the pages: the islands entry and the chunks
 * it imports (islands.json, which the pages name), then everything they import, statically or with
 * `import()`, every style sheet and asset Vite recorded for them, and every file of the build that
 * their code names (a worker's script, the preload helper's lists). libsodium comes in that way:
 * its WebAssembly is inside its JavaScript, as base64.
 *
 * The reader style sheet is written into each reader page (components/site/reader-stylesheet.tsx)
 * by the server's build, which runs after the browser's: the manifest is written then.
 */
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin, Rollup } from "vite";
import { FIXED_INLINE_SCRIPTS } from "../app/lib/fixed-inline-scripts";
import { ISLAND_PAGE_ID, ISLAND_SCRIPTS_ID } from "../app/lib/island-markers";
import { ISLANDS_MANIFEST } from "./islands-entry";

export const TIPS_MANIFEST = "tips-manifest.json";

/** The tip line in each language: unprefixed in the default language, and under each prefix. */
const TIP_PAGES = ["/tips", "/ne/tips", "/en/tips"];

export interface TipsManifest {
  about: string;
  pages: string[];
  /** Address on the site → hex SHA-256 of its bytes, as `sha256sum` prints it. */
  files: Record<string, string>;
  /** `sha256-<base64>`, as a Content Security Policy names an inline script. */
  inlineScripts: string[];
  inlineStyles: string[];
  /** The ids of the `<script type="application/json">` blocks the pages carry: data the islands read, never run. */
  dataScripts: string[];
}

const hex = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const cspHash = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;
const bytesOf = (file: Rollup.OutputAsset | Rollup.OutputChunk) => (file.type === "chunk" ? file.code : file.source);
/** What a file of the build may name another by: hashed names, which nothing else looks like. */
const FILE_NAME = /[\w.-]+\.(?:js|mjs|css|wasm|json|woff2?)/g;

/** How Vite writes the address of an asset before the chunk is rendered (its `renderAssetUrlInJS`). */
const ASSET_PLACEHOLDER = /__VITE_ASSET__([\w$]+)__(?:\$_(.*?)__)?/g;

/** The files reachable from the islands entry, by their names in the bundle. */
export function reachableFiles(bundle: Rollup.OutputBundle): string[] {
  const islands = bundle[ISLANDS_MANIFEST];
  if (islands?.type !== "asset") throw new Error(`tips-manifest: ${ISLANDS_MANIFEST} is missing from the browser build`);
  const { entry, imports } = JSON.parse(String(islands.source)) as { entry: string; imports: string[] };
  const byBaseName = new Map(Object.keys(bundle).map((name) => [path.posix.basename(name), name]));
  const found = new Set<string>();
  const visit = (name: string) => {
    const file = bundle[name];
    if (!file || found.has(name)) return;
    found.add(name);
    const text = file.type === "chunk" ? file.code : typeof file.source === "string" ? file.source : /\.(js|mjs|css|json)$/.test(name) ? Buffer.from(file.source).toString("utf8") : "";
    const named = [...text.matchAll(FILE_NAME)].map(([match]) => byBaseName.get(path.posix.basename(match)));
    const recorded = file.type === "chunk" ? [...file.imports, ...file.dynamicImports, ...(file.viteMetadata?.importedCss ?? []), ...(file.viteMetadata?.importedAssets ?? [])] : [];
    for (const next of [...recorded, ...named]) if (next) visit(next);
  };
  for (const name of [ISLANDS_MANIFEST, entry, ...imports]) visit(name);
  return [...found].sort();
}

export function tipsManifest(): Plugin {
  let client: { dir: string; files: Record<string, string> } | undefined;
  let inlineStyles: string[] = [];
  return {
    name: "tips-manifest",
    apply: "build",
    generateBundle() {
      if (this.environment.name === "client") return;
      // The server's build holds the style sheets written into pages (`?inline`), as modules that
      // export their text, where the addresses of the files they name are still Vite's placeholders.
      const base = this.environment.config.base;
      inlineStyles = [...this.getModuleIds()]
        .filter((id) => id.endsWith(".css?inline"))
        .map((id) => {
          const literal = /^export default (".*");?\s*$/s.exec(this.getModuleInfo(id)?.code ?? "")?.[1];
          if (!literal) throw new Error(`tips-manifest: cannot read the style sheet ${id} from the server's build`);
          const text = (JSON.parse(literal) as string).replace(ASSET_PLACEHOLDER, (_, reference: string, suffix = "") => base + this.getFileName(reference) + suffix);
          return cspHash(text);
        });
    },
    // The files as written: plugins change chunks' code up to the end of generateBundle (Vite writes
    // the preload helper's lists into them there).
    async writeBundle(options, bundle) {
      if (this.environment.name === "client") {
        const files = Object.fromEntries(reachableFiles(bundle).map((name) => [`/${name}`, hex(bytesOf(bundle[name]!))]));
        client = { dir: options.dir ?? this.environment.config.build.outDir, files };
        return;
      }
      if (!client) throw new Error("tips-manifest: the server's build finished before the browser's");
      const manifest: TipsManifest = {
        about: "Every file the tip line's pages can load, and their inline scripts and styles, as this build made them. Check a site with `npm run verify-tips -- <site>` (docs/tips.md).",
        pages: TIP_PAGES,
        files: client.files,
        inlineScripts: FIXED_INLINE_SCRIPTS.map(cspHash),
        inlineStyles,
        dataScripts: [ISLAND_PAGE_ID, ISLAND_SCRIPTS_ID],
      };
      await mkdir(client.dir, { recursive: true });
      await writeFile(path.join(client.dir, TIPS_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
