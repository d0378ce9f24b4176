import { type SQL, asc, count, eq } from "drizzle-orm";
import type { Category } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import type { CategoryInput } from "~/lib/schemas";
import { config } from "../platform/config";
import type { Database, Executor } from "../db/connection";
import { categories } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAbility } from "./actor";
import { recordAudit } from "./audit";
import { columnsOf, namesOf, textsOf } from "./names";
import { idOrSlugOf, slugSourceOf, writeSlugged } from "./slugs";

const toCategory = (row: typeof categories.$inferSelect, language: Language): Category => ({
  id: row.id,
  ...namesOf(row, language),
  slug: row.slug,
  ...textsOf("description", { en: row.descriptionEn, ne: row.descriptionNe }, language),
  featured: row.slug === config().featuredCategorySlug,
});

export async function listCategories(db: Executor, language: Language): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.id));
  return rows.map((row) => toCategory(row, language));
}

async function findCategory(db: Executor, where: SQL, language: Language): Promise<Category> {
  const [row] = await db.select().from(categories).where(where);
  if (!row) throw new AppError(404, "categoryNotFound");
  return toCategory(row, language);
}

/** The section a page or feed address names: by slug only, so that /category/2081 is the one named 2081. */
export const getCategoryBySlug = (db: Executor, slug: string, language: Language) =>
  findCategory(db, eq(categories.slug, slug.normalize("NFC")), language);

/** `GET /api/categories/{id}`, which also takes a slug (idOrSlugOf). */
export const getCategoryByIdOrSlug = (db: Executor, key: string, language: Language) =>
  findCategory(db, eq(categories.id, idOrSlugOf(categories, key)), language);

const write = async (db: Executor, input: CategoryInput, language: Language, id?: number): Promise<Category> =>
  toCategory(
    await writeSlugged(
      db,
      categories,
      { slug: input.slug, ...columnsOf("name", input.names), ...columnsOf("description", input.descriptions) },
      { id, slugSource: slugSourceOf(input.names) },
      { fallback: "category", taken: "categorySlugTaken", notFound: "categoryNotFound" },
    ),
    language,
  );

export async function createCategory(db: Database, actor: Actor | null, input: CategoryInput, language: Language): Promise<Category> {
  const editor = requireAbility(actor, "manageSections");
  return db.transaction(async (tx) => {
    const written = await write(tx, input, language);
    await recordAudit(tx, editor, "category.create", { id: written.id, label: written.name });
    return written;
  });
}

export async function updateCategory(db: Database, actor: Actor | null, id: number, input: CategoryInput, language: Language): Promise<Category> {
  const editor = requireAbility(actor, "manageSections");
  return db.transaction(async (tx) => {
    const written = await write(tx, input, language, id);
    await recordAudit(tx, editor, "category.update", { id: written.id, label: written.name });
    return written;
  });
}

/** Articles of a deleted category stay, uncategorized (the foreign key sets null). */
export async function deleteCategory(db: Database, actor: Actor | null, id: number): Promise<void> {
  const editor = requireAbility(actor, "manageSections");
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(categories).where(eq(categories.id, id)).returning();
    if (!deleted) throw new AppError(404, "categoryNotFound");
    await recordAudit(tx, editor, "category.delete", { id: deleted.id, label: toCategory(deleted, "en").name });
  });
}

export async function countCategories(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories);
  return row?.n ?? 0;
}

/** Whether a section is the one of the Opinion box (SPEC 2). */
export const isOpinionCategory = (category: { slug: string }) => category.slug === config().opinionCategorySlug;

/** The Opinion box's section, if the site has one. */
export async function opinionCategory(db: Executor, language: Language): Promise<Category | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.slug, config().opinionCategorySlug));
  return row ? toCategory(row, language) : undefined;
}
