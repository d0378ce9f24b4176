import { type Placeholder, type SQL, and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import type { categories, tags } from "../db/schema";
import { AppError } from "../errors";
import type { MessageKey } from "~/lib/messages";
import type { LanguageTexts } from "~/lib/language-texts";
import { LANGUAGES, type Language } from "~/lib/limits";
import { languageConfig } from "~/lib/languages";
import { slugOrFallback } from "~/lib/slug";

/**
 * Category and tag slugs are chosen by the editor and appear in public URLs, so a clash is reported
 * (409) rather than silently renamed.
 */
async function assertSlugFree(
  db: Executor,
  table: typeof categories | typeof tags,
  slug: string,
  exceptId: number | undefined,
  key: MessageKey,
): Promise<void> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug, slug), exceptId ? ne(table.id, exceptId) : undefined));
  if (row) throw new AppError(409, key);
}

/**
 * The id that an API address's `{id}` names: the row with that id when the key is a number and
 * such a row exists, else the row whose slug is the key. Slugs may be numbers too (a tag named
 * after the Bikram Sambat year 2081 has the slug 2081); an id wins, as the API's paths are ids.
 * A scalar subquery, so that a listing filters by it in the same statement.
 */
export function idOrSlugOf(table: typeof categories | typeof tags, key: string): SQL {
  const { id, slug } = idOrSlugKey(key);
  return idOrSlugIn(table, id, slug);
}

/** The id and the slug that `key` may be (-1: no id), for idOrSlugIn. */
export function idOrSlugKey(key: string): { id: number; slug: string } {
  return { id: /^[1-9]\d{0,9}$/.test(key) && Number(key) <= 2_147_483_647 ? Number(key) : -1, slug: key.normalize("NFC") };
}

/** idOrSlugOf with the id and slug given apart, as values or as a prepared statement's placeholders. */
export function idOrSlugIn(table: typeof categories | typeof tags, id: number | Placeholder, slug: string | Placeholder): SQL {
  return sql`(select ${table.id} from ${table} where ${table.id} = ${id} or ${table.slug} = ${slug} order by ${table.id} = ${id} desc limit 1)`;
}

/**
 * The languages a slug is made from, in order, when the editor gives none: those written in Latin
 * letters first (their slugs are ASCII, which every reader can type and every tool keeps), then the
 * rest in the site's order (a Unicode slug).
 */
const SLUG_SOURCES: readonly Language[] = [
  ...LANGUAGES.filter((language) => languageConfig(language).script === "Latin"),
  ...LANGUAGES.filter((language) => languageConfig(language).script !== "Latin"),
];

/** What a section's, tag's or document's slug is made from when the editor gives none: its first name in SLUG_SOURCES' order. */
export const slugSourceOf = (names: LanguageTexts) => SLUG_SOURCES.map((language) => names[language]).find((name) => name) || "";

/**
 * The slug a category or tag is written with: the one asked for, else made from the names sent,
 * and free (`exceptId`: the row being changed).
 */
export async function freeSlug(
  db: Executor,
  table: typeof categories | typeof tags,
  input: { slug?: string | null; names: LanguageTexts },
  exceptId: number | undefined,
  keys: { fallback: string; taken: MessageKey },
): Promise<string> {
  const slug = slugOrFallback(input.slug || slugSourceOf(input.names), keys.fallback);
  await assertSlugFree(db, table, slug, exceptId, keys.taken);
  return slug;
}
