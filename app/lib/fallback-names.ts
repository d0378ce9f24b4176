import type { Catalog } from "./i18n";

/**
 * The services give an article without a writer (theirs was deleted) or without a section a null
 * name; a page words it in its reader's language. A real writer's or section's name is content
 * and stays as it is.
 */
export function writerNameIn(catalog: Catalog, article: { writer_name: string | null }): string {
  return article.writer_name ?? catalog.unknownAuthor;
}

export function categoryNameIn(catalog: Catalog, article: { category_name: string | null }): string {
  return article.category_name ?? catalog.uncategorized;
}
