import type { Catalog } from "./i18n";
import { languageConfig } from "./languages";
import type { Language } from "./limits";

/**
 * A language as the interface in `messages` names it ('Nepali (नेपाली)', 'अंग्रेजी'): by the
 * catalog key its config gives, else by its own name for itself.
 */
export function languageNameIn(messages: Catalog, language: Language): string {
  const { nameKey, selfName } = languageConfig(language);
  return nameKey ? messages[nameKey] : selfName;
}
