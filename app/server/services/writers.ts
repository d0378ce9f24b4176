import { asc, eq } from "drizzle-orm";
import type { Writer } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import type { WriterInput } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { writers } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAbility } from "./actor";
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
  requireAbility(actor, "manageSections");
  const [row] = await db
    .insert(writers)
    .values({ email: input.email, ...columnsOf("name", input.names), ...columnsOf("bio", input.bios) })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toWriter(row, language);
}

export async function updateWriter(db: Database, actor: Actor | null, id: number, input: WriterInput, language: Language): Promise<Writer> {
  requireAbility(actor, "manageSections");
  // Like the other updates, a field the request leaves out keeps its value: no bio sent, bio kept.
  const [row] = await db
    .update(writers)
    .set({ email: input.email, ...columnsOf("name", input.names), ...columnsOf("bio", input.bios) })
    .where(eq(writers.id, id))
    .returning();
  if (!row) throw new AppError(404, "writerNotFound");
  return toWriter(row, language);
}

/** The writer's articles stay, shown as 'Unknown Author' (the foreign key sets null). */
export async function deleteWriter(db: Database, actor: Actor | null, id: number): Promise<void> {
  requireAbility(actor, "manageSections");
  const deleted = await db.delete(writers).where(eq(writers.id, id)).returning({ id: writers.id });
  if (deleted.length === 0) throw new AppError(404, "writerNotFound");
}
