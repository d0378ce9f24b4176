import { inferLanguage } from "~/lib/language";
import { languages } from "~/lib/languages";
import type { Language } from "~/lib/limits";
import { useLocale } from "./i18n";

/**
 * A name the editors gave (a section's, a tag's, a writer's) or a text of theirs (a description, a
 * bio), marked with its own language where it is not the surrounding text's: a name shown in the
 * other language because it has none in this one (lib/bilingual.ts). Its script tells the two apart.
 */
export function ContentName({ text, within }: { text: string; within?: Language }) {
  const page = useLocale();
  const language = inferLanguage(text);
  return language === (within ?? page) ? <>{text}</> : <span lang={languages[language].tag}>{text}</span>;
}
