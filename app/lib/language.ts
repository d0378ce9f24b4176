import { LANGUAGE_CONFIGS } from "./languages";
import { LANGUAGES, type Language } from "./limits";

/**
 * The scripts of the site's languages, each with its test, the Latin script last: Latin letters
 * turn up in texts of every language (acronyms, names), so any other script in a text decides.
 */
const SCRIPTS = [...new Set(LANGUAGE_CONFIGS.map((language) => language.script))]
  .sort((a, b) => Number(a === "Latin") - Number(b === "Latin"))
  .map((script) => ({ script, test: new RegExp(`\\p{Script=${script}}`, "u") }));

/**
 * The language of a text whose writer did not say (an article's title, a name): that of its script.
 * Several languages share a script (Nepali, Maithili and Nepal Bhasa are all Devanagari): then
 * `preferred` where it is one of them (the page's own language), else the first of them in order.
 * A text in no script of the site's languages (digits alone) is taken to be in a Latin-script one.
 */
export function inferLanguage(text: string, preferred?: Language): Language {
  const script = SCRIPTS.find(({ test }) => test.test(text))?.script ?? "Latin";
  const candidates = LANGUAGE_CONFIGS.filter((language) => language.script === script).map((language) => language.code);
  if (preferred !== undefined && candidates.includes(preferred)) return preferred;
  return candidates[0] ?? LANGUAGES[0]!;
}
