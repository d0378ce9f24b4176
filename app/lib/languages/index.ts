/**
 * The site's languages: one folder each beside this file, found at build time, so that adding a
 * language is adding its folder (docs/languages.md) and nothing else names one. LANGUAGES in
 * limits.ts is their codes, in their order.
 */
import type { LanguageConfig } from "./language";

export type { LanguageConfig } from "./language";

/** Two or three lower-case letters, BCP 47's language subtag ('ne', 'en', 'mai', 'new'). */
const CODE = /^[a-z]{2,3}$/;
/** First path segments the site already uses, which no language may take as its prefix. */
const TAKEN_SEGMENTS = new Set(["api", "tag"]);

function checked(file: string, config: LanguageConfig, codes: Set<string>): LanguageConfig {
  const folder = file.split("/")[1];
  if (config.code !== folder) throw new Error(`${file}: a language's code is its folder's name ("${folder}"), not "${config.code}"`);
  if (!CODE.test(config.code) || TAKEN_SEGMENTS.has(config.code)) throw new Error(`${file}: "${config.code}" is not a language code the site can use (two or three lower-case letters, not ${[...TAKEN_SEGMENTS].join(" or ")})`);
  if (!/^[a-z_]+$/.test(config.searchConfiguration)) throw new Error(`${file}: "${config.searchConfiguration}" is not a text search configuration's name`);
  if (config.fallback !== undefined && (config.fallback === config.code || !codes.has(config.fallback))) {
    throw new Error(`${file}: falls back to "${config.fallback}", which is not another of the site's languages`);
  }
  return config;
}

function discovered(): LanguageConfig[] {
  let modules: Record<string, { config: LanguageConfig }>;
  try {
    modules = import.meta.glob<{ config: LanguageConfig }>("./*/config.ts", { eager: true });
  } catch {
    // Outside Vite there is no import.meta.glob: drizzle-kit reads schema.ts, which imports
    // limits.ts for its other lists and needs no language.
    return [];
  }
  const codes = new Set(Object.values(modules).map((module) => module.config.code));
  return Object.entries(modules)
    .map(([file, module]) => checked(file, module.config, codes))
    .sort((a, b) => a.order - b.order || a.code.localeCompare(b.code));
}

/** Every language of the site, in order. */
export const LANGUAGE_CONFIGS: readonly LanguageConfig[] = discovered();

const byCode = new Map(LANGUAGE_CONFIGS.map((config) => [config.code, config]));

/** The config of one of the site's languages (a code from LANGUAGES: check others with isLocale first). */
export function languageConfig(code: string): LanguageConfig {
  const config = byCode.get(code);
  if (!config) throw new Error(`"${code}" is not one of the site's languages`);
  return config;
}

/** The languages whose catalogs make up `code`'s texts: itself first, then what it falls back to. */
export function catalogChain(code: string): string[] {
  const chain: string[] = [];
  for (let next: string | undefined = code; next !== undefined && !chain.includes(next); next = languageConfig(next).fallback) chain.push(next);
  return chain;
}

/** The text search configurations the site's articles are stemmed with, each once. */
export const SEARCH_CONFIGURATIONS: readonly string[] = [...new Set(LANGUAGE_CONFIGS.map((config) => config.searchConfiguration))];
