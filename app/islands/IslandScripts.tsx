import type { IslandsManifest } from "~/server/process/islands-manifest";
import { ISLAND_PAGE_ID, type IslandPage } from "./page";

/**
 * Development serves the entry from its source (Vite), after React Router's Fast Refresh preamble,
 * which every component module it transforms checks for.
 */
const DEV_ENTRY = "/app/islands.client.tsx";
const DEV_PREAMBLE = "/@id/__x00__virtual:react-router/inject-hmr-runtime";

/**
 * In place of React Router's scripts on a reader page: what its islands need to know about the
 * page, the islands entry, and the chunks it imports, fetched side by side.
 */
export function IslandScripts({ page, manifest }: { page: IslandPage; manifest: IslandsManifest | null }) {
  // JSON inside <script>: no "</script>" can end it early.
  const json = JSON.stringify(page).replace(/</g, "\\u003c");
  return (
    <>
      <script type="application/json" id={ISLAND_PAGE_ID} dangerouslySetInnerHTML={{ __html: json }} />
      {manifest?.imports.map((file) => <link key={file} rel="modulepreload" href={file} fetchPriority="low" />)}
      {manifest ? null : <script type="module" src={DEV_PREAMBLE} />}
      <script type="module" src={manifest?.entry ?? DEV_ENTRY} fetchPriority="low" />
    </>
  );
}
