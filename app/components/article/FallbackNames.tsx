import { useLocale, useMessages } from "~/components/i18n/i18n";
import { categoryNameIn, writerNameIn } from "~/lib/fallback-names";
import { languages } from "~/lib/languages";

interface Named {
  writer_id: number | null;
  writer_name: string;
  category_id: number | null;
  category_name: string;
}

/**
 * A stored name as it is, or the interface's words for a missing one, marked with the interface's
 * language: they may sit inside an article card set in the article's own.
 */
function NameOrInterfaceWords({ missing, text }: { missing: boolean; text: string }) {
  const lang = languages[useLocale()].tag;
  return missing ? <span lang={lang}>{text}</span> : <>{text}</>;
}

export function WriterName({ article }: { article: Named }) {
  return <NameOrInterfaceWords missing={article.writer_id === null} text={writerNameIn(useMessages(), article)} />;
}

export function CategoryName({ article }: { article: Named }) {
  return <NameOrInterfaceWords missing={article.category_id === null} text={categoryNameIn(useMessages(), article)} />;
}
