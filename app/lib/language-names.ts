import type { Catalog } from "./i18n";
import type { Language } from "./limits";

/** A language as the interface in `messages` names it ('Nepali (नेपाली)', 'अंग्रेजी'). */
export const languageNameIn = (messages: Catalog, language: Language): string => (language === "ne" ? messages.languageNepali : messages.languageEnglish);
