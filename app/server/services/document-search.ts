/**
 * Search over published evidence documents (issue 38): by their titles, descriptions and, when the
 * published file has text, the text itself; a reader's edition finds the documents titled in its
 * language first. The words are read as article search reads them (article-search.ts: every
 * language's configuration and word for word), so a query finds a document and a story alike.
 */
import { and, desc, isNotNull, type SQL, sql } from "drizzle-orm";
import type { DocumentSearchHit } from "~/lib/api-types";
import { inLanguage } from "~/lib/bilingual";
import { LANGUAGES, type Language } from "~/lib/limits";
import type { Executor } from "../db/connection";
import { documents } from "../db/schema";
import { articleSearch } from "./article-search";

/**
 * How much of a file's text is indexed: a tsvector holds at most 1 MB, and a long file's first
 * hundreds of pages name what it is about.
 */
const INDEXED_TEXT_CHARS = 400_000;
/** The documents a search page shows above the stories it found. */
export const DOCUMENT_HITS = 5;

const CONFIGURATIONS = (language: Language) => sql`search_config(${sql.raw(`'${language}'`)})`;

/** One field of the document in every language it has, stemmed in that language's configuration and word for word. */
function weighted(column: typeof documents.titles, weight: "A" | "B"): SQL {
  return sql.join(
    LANGUAGES.map((language) => {
      const text = sql`search_fold(coalesce(${column}->>${sql.raw(`'${language}'`)}, ''))`;
      return sql`setweight(to_tsvector(${CONFIGURATIONS(language)}, ${text}), ${sql.raw(`'${weight}'`)}) || setweight(to_tsvector('simple', ${text}), ${sql.raw(`'${weight}'`)})`;
    }),
    sql` || `,
  );
}

/**
 * The search document of a document being published: its texts, and the file's `text` (whose
 * language nobody declared) in every language's configuration.
 */
export function documentSearchVector(text: string): SQL {
  const body = sql`search_fold(${text.slice(0, INDEXED_TEXT_CHARS)})`;
  const bodyVector = sql.join(
    [...LANGUAGES.map((language) => sql`to_tsvector(${CONFIGURATIONS(language)}, ${body})`), sql`to_tsvector('simple', ${body})`],
    sql` || `,
  );
  return sql`${weighted(documents.titles, "A")} || ${weighted(documents.descriptions, "B")} || setweight(${bodyVector}, 'C')`;
}

/**
 * A published document's search document after its texts were edited: the new texts, and the
 * file's words as they were indexed at publication (weight C), since the file itself is unchanged.
 */
export const documentSearchVectorWithTexts = (): SQL =>
  sql`${weighted(documents.titles, "A")} || ${weighted(documents.descriptions, "B")} || ts_filter(coalesce(${documents.searchVector}, ''::tsvector), '{c}')`;

/** Published documents that match `search`, titled in `edition`'s language first, then best match, then newest. */
export async function searchDocuments(db: Executor, search: string, edition: Language, limit = DOCUMENT_HITS): Promise<DocumentSearchHit[]> {
  const { query } = articleSearch(search).fullText;
  const rows = await db
    .select({ slug: documents.slug, titles: documents.titles, sources: documents.sources, pages: documents.preparedPages, date: documents.documentDate })
    .from(documents)
    .where(and(isNotNull(documents.publishedAt), sql`${documents.searchVector} @@ ${query}`))
    .orderBy(
      desc(sql`(${documents.titles}->>${sql.raw(`'${edition}'`)}) is not null`),
      desc(sql`ts_rank(${documents.searchVector}, ${query})`),
      desc(documents.publishedAt),
      desc(documents.id),
    )
    .limit(limit);
  return rows.map((row) => ({ slug: row.slug, title: inLanguage(row.titles, edition), source: inLanguage(row.sources, edition) || null, pages: row.pages, date: row.date }));
}
