/** Where the back office edits an article: its slug, which may be Devanagari, encoded. */
export const articleEditPath = (slug: string) => `/admin/articles/edit/${encodeURIComponent(slug)}`;
