import type { Catalog } from "./i18n";

/**
 * An article whose writer was deleted, or that has no category, comes from the API named with the
 * spec's English defaults ('Unknown Author', 'Uncategorized'). Pages word those in their own
 * language; a real writer's or category's name is content and stays as it is.
 */
export function writerNameIn(catalog: Catalog, article: { writer_id: number | null; writer_name: string }): string {
  return article.writer_id === null ? catalog.unknownAuthor : article.writer_name;
}

export function categoryNameIn(catalog: Catalog, article: { category_id: number | null; category_name: string }): string {
  return article.category_id === null ? catalog.uncategorized : article.category_name;
}
