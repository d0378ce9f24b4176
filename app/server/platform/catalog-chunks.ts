/**
 * Where the browser build put each language's catalog (lib/i18n.ts; vite.config.ts names each
 * chunk "messages.<code>", and the reader islands' cut "reader-texts.<code>"), so that a page can
 * ask for its own at once beside its other scripts: otherwise they are found only once the entry
 * script runs, a round trip later, and the page hydrates that much later. Read from the build's folder once; none in development, where Vite
 * serves sources.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { LOCALES, type Locale } from "~/lib/i18n";
import { catalogChain } from "~/lib/languages";
import { CATALOG_CHUNK, READER_CHUNK } from "./catalog-chunk-names";
import { config } from "./config";

const found = new Map<string, Record<Locale, string[]>>();

/**
 * By language, the chunks of the catalogs its pages need: its own, then those it falls back to;
 * `reader`: those cut to the reader islands' texts, where a language has them.
 */
export function catalogChunks(texts: "whole" | "reader" = "whole"): Record<Locale, string[]> {
  const known = found.get(texts);
  if (known) return known;
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
  const named = (prefix: string, locale: string) => files.find((name) => name.startsWith(`${prefix}.${locale}-`) && /^[\w.-]+\.js$/.test(name));
  const chunkOf = (locale: string) => (texts === "reader" ? named(READER_CHUNK, locale) : undefined) ?? named(CATALOG_CHUNK, locale);
  const chunks = Object.fromEntries(
    LOCALES.map((locale) => [locale, catalogChain(locale).flatMap((language) => chunkOf(language) ?? []).map((file) => `/assets/${file}`)]),
  ) as Record<Locale, string[]>;
  found.set(texts, chunks);
  return chunks;
}
