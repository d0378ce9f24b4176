import { type SQL, asc, eq } from "drizzle-orm";
import type { Tag } from "~/lib/api-types";
import type { TagInput } from "~/lib/schemas";
import { slugOrFallback } from "~/lib/slug";
import type { Database, Executor } from "../db/connection";
import { tags } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAdmin } from "./actor";
import { assertSlugFree, idOrSlugOf } from "./slugs";

export async function listTags(db: Executor): Promise<Tag[]> {
  return db.select().from(tags).orderBy(asc(tags.name));
}

async function findTag(db: Executor, where: SQL): Promise<Tag> {
  const [row] = await db.select().from(tags).where(where);
  if (!row) throw new AppError(404, "tagNotFound");
  return row;
}

export const getTagById = (db: Executor, id: number) => findTag(db, eq(tags.id, id));

/** The tag a page or feed address names: by slug only, so that /tag/2081 is the tag named 2081. */
export const getTagBySlug = (db: Executor, slug: string) => findTag(db, eq(tags.slug, slug.normalize("NFC")));

/** `GET /api/tags/{id}`, which also takes a slug (idOrSlugOf). */
export const getTagByIdOrSlug = (db: Executor, key: string) => findTag(db, eq(tags.id, idOrSlugOf(tags, key)));

async function write(db: Database, input: TagInput, id?: number): Promise<Tag> {
  const slug = slugOrFallback(input.slug || input.name, "tag");
  await assertSlugFree(db, tags, slug, id, "tagSlugTaken");
  const values = { name: input.name, slug };
  const [row] = id
    ? await db.update(tags).set(values).where(eq(tags.id, id)).returning()
    : await db.insert(tags).values(values).returning();
  if (!row) throw new AppError(404, "tagNotFound");
  return row;
}

export async function createTag(db: Database, actor: Actor | null, input: TagInput): Promise<Tag> {
  requireAdmin(actor);
  return write(db, input);
}

export async function updateTag(db: Database, actor: Actor | null, id: number, input: TagInput): Promise<Tag> {
  requireAdmin(actor);
  return write(db, input, id);
}

export async function deleteTag(db: Database, actor: Actor | null, id: number): Promise<void> {
  requireAdmin(actor);
  const deleted = await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
  if (deleted.length === 0) throw new AppError(404, "tagNotFound");
}
