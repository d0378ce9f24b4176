import { type SQL, asc, count, eq } from "drizzle-orm";
import type { Category } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import type { CategoryInput } from "~/lib/schemas";
import { config } from "../platform/config";
import type { Executor } from "../db/connection";
import { categories } from "../db/schema";
import { AppError } from "../errors";
import { namesOf, textsOf } from "./names";
import { freeSlug, idOrSlugOf } from "./slugs";
import { taxonomyWrites } from "./taxonomy-writes";

const toCategory = (row: typeof categories.$inferSelect, language: Language): Category => ({
  id: row.id,
  ...namesOf(row, language),
  slug: row.slug,
  ...textsOf("description", row.descriptions, language),
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

const writes = taxonomyWrites({
  table: categories,
  object: "category",
  notFound: "categoryNotFound",
  texts: (input: CategoryInput) => ({ names: input.names, descriptions: input.descriptions }),
  columns: async (tx, input, id) => ({ slug: await freeSlug(tx, categories, input, id, { fallback: "category", taken: "categorySlugTaken" }) }),
  present: toCategory,
});

export const { create: createCategory, update: updateCategory } = writes;

/** Articles of a deleted category stay, uncategorized (the foreign key sets null). */
export const deleteCategory = writes.remove;

export async function countCategories(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories);
  return row?.n ?? 0;
}

/** Whether a section is the one of the Opinion box (docs/product.md#home). */
export const isOpinionCategory = (category: { slug: string }) => category.slug === config().opinionCategorySlug;

/** The Opinion box's section, if the site has one. */
export async function opinionCategory(db: Executor, language: Language): Promise<Category | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.slug, config().opinionCategorySlug));
  return row ? toCategory(row, language) : undefined;
}
