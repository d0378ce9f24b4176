/**
 * Where the browser build put each language's catalog (lib/i18n.ts), so that a page can ask for
 * its own at once beside its other scripts: otherwise it is found only once the entry script runs,
 * a round trip later, and the page hydrates that much later. Read from the build's folder once;
 * none in development, where Vite serves sources.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Locale } from "~/lib/i18n";
import { config } from "./config";

const CHUNK: Record<Locale, RegExp> = { en: /^messages-[\w-]+\.js$/, ne: /^messages\.ne-[\w-]+\.js$/ };

let found: Partial<Record<Locale, string>> | undefined;

export function catalogChunks(): Partial<Record<Locale, string>> {
  if (found) return found;
  let files: string[] = [];
  // A build left in the folder is not what the development server serves.
  if (import.meta.env.DEV) return (found = {});
  try {
    files = readdirSync(path.join(config().buildDir, "client/assets"));
  } catch {
    // No browser build (development): the catalogs are loaded from their sources.
  }
  found = {};
  for (const [locale, pattern] of Object.entries(CHUNK) as [Locale, RegExp][]) {
    const file = files.find((name) => pattern.test(name));
    if (file) found[locale] = `/assets/${file}`;
  }
  return found;
}
