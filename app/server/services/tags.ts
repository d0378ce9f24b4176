import { asc, eq } from "drizzle-orm";
import type { Tag } from "~/lib/api-types";
import { messages } from "~/lib/messages";
import type { TagInput } from "~/lib/schemas";
import { slugOrFallback } from "~/lib/slug";
import type { Database, Executor } from "../db/connection";
import { tags } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAdmin } from "./actor";
import { assertSlugFree } from "./slugs";


export async function listTags(db: Executor): Promise<Tag[]> {
  return db.select().from(tags).orderBy(asc(tags.name));
}

/** `key` is an id or a slug. */
export async function getTag(db: Executor, key: string): Promise<Tag> {
  const where = /^\d+$/.test(key) ? eq(tags.id, Number(key)) : eq(tags.slug, key.normalize("NFC"));
  const [row] = await db.select().from(tags).where(where);
  if (!row) throw new AppError(404, "tagNotFound");
  return row;
}

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
