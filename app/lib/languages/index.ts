import type { Language } from "../limits";
import { en } from "./en";
import type { LanguageConfig } from "./language";
import { ne } from "./ne";

export type { LanguageConfig } from "./language";

/** The site's languages, by code (LANGUAGES). */
export const languages: Record<Language, LanguageConfig> = { en, ne };
