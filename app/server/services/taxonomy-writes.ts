/**
 * Sections, tags and writers are created, changed and deleted the same way: by someone who may
 * manage sections, in one transaction with the line of the audit log that names it, a missing
 * one a 404. Each kind says only what differs: its table, its texts by language and its other
 * columns.
 */
import { eq } from "drizzle-orm";
import type { LanguageTexts } from "~/lib/language-texts";
import type { Language } from "~/lib/limits";
import type { MessageKey } from "~/lib/messages";
import type { Database, Executor } from "../db/connection";
import type { categories, tags, writers } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAbility } from "./actor";
import { recordAudit } from "./audit";
import { mergedTexts } from "./names";
import { storedTexts } from "~/lib/language-texts";

type TaxonomyTable = typeof categories | typeof tags | typeof writers;

export interface TaxonomyKind<Table extends TaxonomyTable, Input, Value extends { id: number; name: string }> {
  table: Table;
  /** What the audit log calls it (`category.create`). */
  object: "category" | "tag" | "writer";
  notFound: MessageKey;
  /** The texts by language the client sent, by column; a language left out keeps its text on an update. */
  texts: (input: Input) => Record<string, LanguageTexts>;
  /** The other columns, worked out inside the write's transaction (where a slug is checked to be free); `id` on an update. */
  columns: (tx: Executor, input: Input, id: number | undefined) => Promise<Record<string, unknown>>;
  /** The row as the API and the pages get it, in `language`. */
  present: (row: Table["$inferSelect"], language: Language) => Value;
}

export function taxonomyWrites<Table extends TaxonomyTable, Input, Value extends { id: number; name: string }>(kind: TaxonomyKind<Table, Input, Value>) {
  // Drizzle cannot type a write to one of three tables; each kind's columns are its own table's.
  const table = kind.table as typeof tags;
  const present = (row: unknown, language: Language) => kind.present(row as Table["$inferSelect"], language);
  const byText = (input: Input, stored: (column: keyof typeof table, texts: LanguageTexts) => unknown) =>
    Object.fromEntries(Object.entries(kind.texts(input)).map(([column, texts]) => [column, stored(column as keyof typeof table, texts)]));

  async function create(db: Database, actor: Actor | null, input: Input, language: Language): Promise<Value> {
    const editor = requireAbility(actor, "manageSections");
    return db.transaction(async (tx) => {
      const values = { ...(await kind.columns(tx, input, undefined)), ...byText(input, (_, texts) => storedTexts(texts)) };
      const [row] = await tx.insert(table).values(values as typeof table.$inferInsert).returning();
      if (!row) throw new Error("insert returned no row");
      const written = present(row, language);
      await recordAudit(tx, editor, `${kind.object}.create`, { id: written.id, label: written.name });
      return written;
    });
  }

  async function update(db: Database, actor: Actor | null, id: number, input: Input, language: Language): Promise<Value> {
    const editor = requireAbility(actor, "manageSections");
    return db.transaction(async (tx) => {
      const values = { ...(await kind.columns(tx, input, id)), ...byText(input, (column, texts) => mergedTexts(table[column] as never, texts)) };
      const [row] = await tx.update(table).set(values).where(eq(table.id, id)).returning();
      if (!row) throw new AppError(404, kind.notFound);
      const written = present(row, language);
      await recordAudit(tx, editor, `${kind.object}.update`, { id: written.id, label: written.name });
      return written;
    });
  }

  async function remove(db: Database, actor: Actor | null, id: number): Promise<void> {
    const editor = requireAbility(actor, "manageSections");
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
      if (!row) throw new AppError(404, kind.notFound);
      await recordAudit(tx, editor, `${kind.object}.delete`, { id: row.id, label: present(row, "en").name });
    });
  }

  return { create, update, remove };
}
