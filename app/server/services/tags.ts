import { type SQL, asc, eq } from "drizzle-orm";
import type { Tag } from "~/lib/api-types";
import type { TagInput } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { tags } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAdmin } from "./actor";
import { idOrSlugOf, writeSlugged } from "./slugs";

export async function listTags(db: Executor): Promise<Tag[]> {
  return db.select().from(tags).orderBy(asc(tags.name));
}

async function findTag(db: Executor, where: SQL): Promise<Tag> {
  const [row] = await db.select().from(tags).where(where);
  if (!row) throw new AppError(404, "tagNotFound");
  return row;
}

/** The tag a page or feed address names: by slug only, so that /tag/2081 is the tag named 2081. */
export const getTagBySlug = (db: Executor, slug: string) => findTag(db, eq(tags.slug, slug.normalize("NFC")));

/** `GET /api/tags/{id}`, which also takes a slug (idOrSlugOf). */
export const getTagByIdOrSlug = (db: Executor, key: string) => findTag(db, eq(tags.id, idOrSlugOf(tags, key)));

const write = (db: Database, input: TagInput, id?: number): Promise<Tag> =>
  writeSlugged(db, tags, { name: input.name, slug: input.slug }, id, { fallback: "tag", taken: "tagSlugTaken", notFound: "tagNotFound" });

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
