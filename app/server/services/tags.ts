import { type SQL, asc, eq } from "drizzle-orm";
import type { Tag } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import type { TagInput } from "~/lib/schemas";
import type { Executor } from "../db/connection";
import { tags } from "../db/schema";
import { AppError } from "../errors";
import { nameIn, namesOf } from "./names";
import { freeSlug, idOrSlugOf } from "./slugs";
import { taxonomyWrites } from "./taxonomy-writes";

const toTag = (row: typeof tags.$inferSelect, language: Language): Tag => ({ id: row.id, ...namesOf(row, language), slug: row.slug });

/** Alphabetical in the language asked for. */
export async function listTags(db: Executor, language: Language): Promise<Tag[]> {
  const rows = await db.select().from(tags).orderBy(asc(nameIn(tags, language)), asc(tags.id));
  return rows.map((row) => toTag(row, language));
}

async function findTag(db: Executor, where: SQL, language: Language): Promise<Tag> {
  const [row] = await db.select().from(tags).where(where);
  if (!row) throw new AppError(404, "tagNotFound");
  return toTag(row, language);
}

/** The tag a page or feed address names: by slug only, so that /tag/2081 is the tag named 2081. */
export const getTagBySlug = (db: Executor, slug: string, language: Language) => findTag(db, eq(tags.slug, slug.normalize("NFC")), language);

/** `GET /api/tags/{id}`, which also takes a slug (idOrSlugOf). */
export const getTagByIdOrSlug = (db: Executor, key: string, language: Language) => findTag(db, eq(tags.id, idOrSlugOf(tags, key)), language);

const writes = taxonomyWrites({
  table: tags,
  object: "tag",
  notFound: "tagNotFound",
  texts: (input: TagInput) => ({ names: input.names }),
  columns: async (tx, input, id) => ({ slug: await freeSlug(tx, tags, input, id, { fallback: "tag", taken: "tagSlugTaken" }) }),
  present: toTag,
});

export const { create: createTag, update: updateTag, remove: deleteTag } = writes;
