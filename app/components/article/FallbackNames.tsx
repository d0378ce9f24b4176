import { useLocale, useMessages } from "~/components/i18n/i18n";
import { categoryNameIn, writerNameIn } from "~/lib/fallback-names";
import { LOCALE_TAGS } from "~/lib/i18n";

interface Named {
  writer_id: number | null;
  writer_name: string;
  category_id: number | null;
  category_name: string;
}

/**
 * The writer's name, or the interface's words for a missing writer, marked with the interface's
 * language: it may sit inside an article card set in the article's own.
 */
export function WriterName({ article }: { article: Named }) {
  const messages = useMessages();
  const lang = LOCALE_TAGS[useLocale()];
  const name = writerNameIn(messages, article);
  return article.writer_id === null ? <span lang={lang}>{name}</span> : <>{name}</>;
}

/** The category's name, or the interface's words for none; see WriterName. */
export function CategoryName({ article }: { article: Named }) {
  const messages = useMessages();
  const lang = LOCALE_TAGS[useLocale()];
  const name = categoryNameIn(messages, article);
  return article.category_id === null ? <span lang={lang}>{name}</span> : <>{name}</>;
}
