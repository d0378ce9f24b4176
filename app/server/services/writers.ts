import { asc, eq } from "drizzle-orm";
import type { Writer } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import type { WriterInput } from "~/lib/schemas";
import type { Executor } from "../db/connection";
import { writers } from "../db/schema";
import { AppError } from "../errors";
import { nameIn, namesOf, textsOf } from "./names";
import { taxonomyWrites } from "./taxonomy-writes";

const toWriter = (row: typeof writers.$inferSelect, language: Language): Writer => {
  const bio = textsOf("bio", row.bios, language);
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

const writes = taxonomyWrites({
  table: writers,
  object: "writer",
  notFound: "writerNotFound",
  // Like the other updates, a field the request leaves out keeps its value: no bio sent, bio kept.
  texts: (input: WriterInput) => ({ names: input.names, bios: input.bios }),
  columns: async (_, input) => ({ email: input.email }),
  present: toWriter,
});

export const { create: createWriter, update: updateWriter } = writes;

/** The writer's articles stay, shown as 'Unknown Author' (the foreign key sets null). */
export const deleteWriter = writes.remove;
