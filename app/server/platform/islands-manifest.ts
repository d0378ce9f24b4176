/**
 * Where the browser build put the reader site's islands entry and the chunks it imports
 * (vite-plugins/islands-entry.ts), read once. Null without a browser build (development), where
 * Vite serves the entry from its source.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { config } from "./config";

export interface IslandsManifest {
  entry: string;
  imports: string[];
}

let found: IslandsManifest | null | undefined;

export function islandsManifest(): IslandsManifest | null {
  if (found !== undefined) return found;
  // A build left in the folder is not what the development server serves.
  if (import.meta.env.DEV) return (found = null);
  try {
    const { entry, imports } = JSON.parse(readFileSync(path.join(config().buildDir, "client/islands.json"), "utf8")) as IslandsManifest;
    found = { entry: `/${entry}`, imports: imports.map((file) => `/${file}`) };
  } catch {
    found = null;
  }
  return found;
}
