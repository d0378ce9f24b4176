import type { Language } from "./limits";

const DEVANAGARI = /\p{Script=Devanagari}/u;

/** An article whose editor did not choose a language is Nepali when its title is in Devanagari. */
export function inferLanguage(title: string): Language {
  return DEVANAGARI.test(title) ? "ne" : "en";
}
