/**
 * Adds the reader site's islands entry (app/islands.client.tsx) to the browser build beside React
 * Router's, and writes `islands.json`: the entry's file and every chunk it imports statically, for
 * the server to name in each reader page (app/islands/IslandScripts.tsx) so that the browser fetches
 * them side by side instead of one import at a time.
 */
import path from "node:path";
import type { Plugin, Rollup } from "vite";

type OutputChunk = Rollup.OutputChunk;

export const ISLANDS_ENTRY = "app/islands.client.tsx";
export const ISLANDS_MANIFEST = "islands.json";

export function islandsEntry(): Plugin {
  const entry = path.resolve(ISLANDS_ENTRY);
  return {
    name: "islands-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    options(options) {
      const input = options.input;
      if (Array.isArray(input)) return { ...options, input: [...input, entry] };
      if (input && typeof input === "object") return { ...options, input: { ...input, "islands.client": entry } };
      return { ...options, input: input ? [input, entry] : [entry] };
    },
    generateBundle(_options, bundle: Rollup.OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === "chunk");
      const main = chunks.find((chunk) => chunk.facadeModuleId === entry);
      if (!main) throw new Error(`islands-entry: ${ISLANDS_ENTRY} is missing from the browser build`);
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const imports = new Set<string>();
      const visit = (chunk: OutputChunk) => {
        for (const name of chunk.imports) {
          if (imports.has(name)) continue;
          imports.add(name);
          const next = byName.get(name);
          if (next) visit(next);
        }
      };
      visit(main);
      this.emitFile({ type: "asset", fileName: ISLANDS_MANIFEST, source: JSON.stringify({ entry: main.fileName, imports: [...imports] }) });
    },
  };
}
