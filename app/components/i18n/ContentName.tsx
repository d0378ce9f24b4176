import { inferLanguage } from "~/lib/language";
import { languageConfig } from "~/lib/languages";
import type { Language } from "~/lib/limits";
import { useLocale } from "~/contexts/i18n";

/**
 * A name the editors gave (a section's, a tag's, a writer's) or a text of theirs (a description, a
 * bio), marked with its own language where it is not the surrounding text's: a name shown in
 * another language because it has none in this one (lib/bilingual.ts). Its script tells them apart.
 */
export function ContentName({ text, within }: { text: string; within?: Language }) {
  const page = useLocale();
  const surrounding = within ?? page;
  const language = inferLanguage(text, surrounding);
  return language === surrounding ? <>{text}</> : <span lang={languageConfig(language).tag}>{text}</span>;
}
