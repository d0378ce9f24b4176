import { type SQL, asc, eq } from "drizzle-orm";
import type { Tag } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import type { TagInput } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { tags } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAbility } from "./actor";
import { recordAudit } from "./audit";
import { columnsOf, nameIn, namesOf } from "./names";
import { idOrSlugOf, slugSourceOf, writeSlugged } from "./slugs";

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

const write = async (db: Executor, input: TagInput, language: Language, id?: number): Promise<Tag> =>
  toTag(
    await writeSlugged(db, tags, { slug: input.slug, ...columnsOf("name", input.names) }, { id, slugSource: slugSourceOf(input.names) }, {
      fallback: "tag",
      taken: "tagSlugTaken",
      notFound: "tagNotFound",
    }),
    language,
  );

export async function createTag(db: Database, actor: Actor | null, input: TagInput, language: Language): Promise<Tag> {
  const editor = requireAbility(actor, "manageSections");
  return db.transaction(async (tx) => {
    const written = await write(tx, input, language);
    await recordAudit(tx, editor, "tag.create", { id: written.id, label: written.name });
    return written;
  });
}

export async function updateTag(db: Database, actor: Actor | null, id: number, input: TagInput, language: Language): Promise<Tag> {
  const editor = requireAbility(actor, "manageSections");
  return db.transaction(async (tx) => {
    const written = await write(tx, input, language, id);
    await recordAudit(tx, editor, "tag.update", { id: written.id, label: written.name });
    return written;
  });
}

export async function deleteTag(db: Database, actor: Actor | null, id: number): Promise<void> {
  const editor = requireAbility(actor, "manageSections");
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(tags).where(eq(tags.id, id)).returning();
    if (!deleted) throw new AppError(404, "tagNotFound");
    await recordAudit(tx, editor, "tag.delete", { id: deleted.id, label: toTag(deleted, "en").name });
  });
}
