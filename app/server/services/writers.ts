import { asc, eq } from "drizzle-orm";
import type { Writer } from "~/lib/api-types";
import type { WriterInput } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { writers } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAdmin } from "./actor";


export async function listWriters(db: Executor): Promise<Writer[]> {
  return db.select().from(writers).orderBy(asc(writers.name), asc(writers.id));
}

export async function getWriter(db: Executor, id: number): Promise<Writer> {
  const [row] = await db.select().from(writers).where(eq(writers.id, id));
  if (!row) throw new AppError(404, "writerNotFound");
  return row;
}

export async function createWriter(db: Database, actor: Actor | null, input: WriterInput): Promise<Writer> {
  requireAdmin(actor);
  const [row] = await db.insert(writers).values({ name: input.name, email: input.email, bio: input.bio || null }).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateWriter(db: Database, actor: Actor | null, id: number, input: WriterInput): Promise<Writer> {
  requireAdmin(actor);
  // Like the other updates, a field the request leaves out keeps its value: no bio sent, bio kept.
  const [row] = await db
    .update(writers)
    .set({ name: input.name, email: input.email, ...(input.bio !== undefined ? { bio: input.bio || null } : {}) })
    .where(eq(writers.id, id))
    .returning();
  if (!row) throw new AppError(404, "writerNotFound");
  return row;
}

/** The writer's articles stay, shown as 'Unknown Author' (the foreign key sets null). */
export async function deleteWriter(db: Database, actor: Actor | null, id: number): Promise<void> {
  requireAdmin(actor);
  const deleted = await db.delete(writers).where(eq(writers.id, id)).returning({ id: writers.id });
  if (deleted.length === 0) throw new AppError(404, "writerNotFound");
}
