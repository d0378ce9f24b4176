import { ContentName } from "~/components/i18n/ContentName";
import { useLocale, useMessages } from "~/contexts/i18n";
import { categoryNameIn, writerNameIn } from "~/lib/fallback-names";
import { languageConfig } from "~/lib/languages";
import type { Language } from "~/lib/limits";

interface Named {
  writer_name: string | null;
  category_name: string | null;
}

interface NameProps {
  article: Named;
  /** The language of the text around the name (a card is set in its article's); the page's by default. */
  within?: Language;
}

/**
 * A stored name, marked with its own language where it is not the text's around it, or the
 * interface's words for a missing one, marked with the interface's language.
 */
function NameOrInterfaceWords({ missing, text, within }: { missing: boolean; text: string; within?: Language }) {
  const lang = languageConfig(useLocale()).tag;
  return missing ? <span lang={lang}>{text}</span> : <ContentName text={text} within={within} />;
}

export function WriterName({ article, within }: NameProps) {
  return <NameOrInterfaceWords missing={article.writer_name === null} text={writerNameIn(useMessages(), article)} within={within} />;
}

export function CategoryName({ article, within }: NameProps) {
  return <NameOrInterfaceWords missing={article.category_name === null} text={categoryNameIn(useMessages(), article)} within={within} />;
}
