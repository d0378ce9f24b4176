/**
 * Where the browser build put each language's catalog (lib/i18n.ts; vite.config.ts names each
 * chunk "messages.<code>"), so that a page can ask for its own at once beside its other scripts:
 * otherwise they are found only once the entry script runs, a round trip later, and the page
 * hydrates that much later. Read from the build's folder once; none in development, where Vite
 * serves sources.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { LOCALES, type Locale } from "~/lib/i18n";
import { catalogChain } from "~/lib/languages";
import { config } from "./config";

let found: Record<Locale, string[]> | undefined;

/** By language, the chunks of the catalogs its pages need: its own, then those it falls back to. */
export function catalogChunks(): Record<Locale, string[]> {
  if (found) return found;
  let files: string[] = [];
  // A build left in the folder is not what the development server serves; without a browser
  // build (development) the catalogs are loaded from their sources.
  if (!import.meta.env.DEV) {
    try {
      files = readdirSync(path.join(config().buildDir, "client/assets"));
    } catch {
      files = [];
    }
  }
  const chunkOf = (locale: Locale) => files.find((name) => name.startsWith(`messages.${locale}-`) && /^[\w.-]+\.js$/.test(name));
  found = Object.fromEntries(
    LOCALES.map((locale) => [locale, catalogChain(locale).flatMap((language) => chunkOf(language) ?? []).map((file) => `/assets/${file}`)]),
  );
  return found;
}
