import { asc, eq } from "drizzle-orm";
import type { Writer } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import type { WriterInput } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { writers } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAbility } from "./actor";
import { recordAudit } from "./audit";
import { columnsOf, nameIn, namesOf, textsOf } from "./names";


const toWriter = (row: typeof writers.$inferSelect, language: Language): Writer => {
  const bio = textsOf("bio", { en: row.bioEn, ne: row.bioNe }, language);
  // The spec's bio is null when there is none.
  return { id: row.id, ...namesOf(row, language), email: row.email, ...bio, bio: bio.bio || null };
};

/** Alphabetical in the language asked for. */
export async function listWriters(db: Executor, language: Language): Promise<Writer[]> {
  const rows = await db.select().from(writers).orderBy(asc(nameIn(writers, language)), asc(writers.id));
  return rows.map((row) => toWriter(row, language));
}

export async function getWriter(db: Executor, id: number, language: Language): Promise<Writer> {
  const [row] = await db.select().from(writers).where(eq(writers.id, id));
  if (!row) throw new AppError(404, "writerNotFound");
  return toWriter(row, language);
}

export async function createWriter(db: Database, actor: Actor | null, input: WriterInput, language: Language): Promise<Writer> {
  const editor = requireAbility(actor, "manageSections");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(writers)
      .values({ email: input.email, ...columnsOf("name", input.names), ...columnsOf("bio", input.bios) })
      .returning();
    if (!row) throw new Error("insert returned no row");
    const writer = toWriter(row, language);
    await recordAudit(tx, editor, "writer.create", { id: writer.id, label: writer.name });
    return writer;
  });
}

export async function updateWriter(db: Database, actor: Actor | null, id: number, input: WriterInput, language: Language): Promise<Writer> {
  const editor = requireAbility(actor, "manageSections");
  return db.transaction(async (tx) => {
    // Like the other updates, a field the request leaves out keeps its value: no bio sent, bio kept.
    const [row] = await tx
      .update(writers)
      .set({ email: input.email, ...columnsOf("name", input.names), ...columnsOf("bio", input.bios) })
      .where(eq(writers.id, id))
      .returning();
    if (!row) throw new AppError(404, "writerNotFound");
    const writer = toWriter(row, language);
    await recordAudit(tx, editor, "writer.update", { id: writer.id, label: writer.name });
    return writer;
  });
}

/** The writer's articles stay, shown as 'Unknown Author' (the foreign key sets null). */
export async function deleteWriter(db: Database, actor: Actor | null, id: number): Promise<void> {
  const editor = requireAbility(actor, "manageSections");
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(writers).where(eq(writers.id, id)).returning();
    if (!deleted) throw new AppError(404, "writerNotFound");
    await recordAudit(tx, editor, "writer.delete", { id: deleted.id, label: toWriter(deleted, "en").name });
  });
}
