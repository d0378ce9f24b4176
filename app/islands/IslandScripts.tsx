import type { IslandsManifest } from "~/server/platform/islands-manifest";
import type { IslandPage, IslandScriptList } from "./page";
import { ISLAND_PAGE_ID, ISLAND_SCRIPTS_ID } from "~/lib/island-markers";
import { START_ISLANDS_SCRIPT } from "~/lib/start-script";

/**
 * Development serves the entry from its source (Vite), after React Router's Fast Refresh preamble,
 * which every component module it transforms checks for.
 */
const DEV_ENTRY = "/app/islands.client.tsx";
const DEV_PREAMBLE = "/@id/__x00__virtual:react-router/inject-hmr-runtime";

/** JSON inside <script>: no "</script>" can end it early. */
const jsonScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * In place of React Router's scripts on a reader page: what its islands need to know about the
 * page, and the islands entry with the chunks it imports (its language's texts among them),
 * fetched side by side once the page has painted.
 */
export function IslandScripts({ page, manifest, catalogChunks }: { page: IslandPage; manifest: IslandsManifest | null; catalogChunks: readonly string[] }) {
  const pageData = <script type="application/json" id={ISLAND_PAGE_ID} dangerouslySetInnerHTML={{ __html: jsonScript(page) }} />;
  if (!manifest) {
    return (
      <>
        {pageData}
        <script type="module" src={DEV_PREAMBLE} />
        <script type="module" src={DEV_ENTRY} />
      </>
    );
  }
  const scripts: IslandScriptList = { entry: manifest.entry, preload: [...catalogChunks, ...manifest.imports] };
  return (
    <>
      {pageData}
      <script type="application/json" id={ISLAND_SCRIPTS_ID} dangerouslySetInnerHTML={{ __html: jsonScript(scripts) }} />
      <script dangerouslySetInnerHTML={{ __html: START_ISLANDS_SCRIPT }} />
    </>
  );
}
