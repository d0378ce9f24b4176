import { type SQL, asc, count, eq } from "drizzle-orm";
import type { Category } from "~/lib/api-types";
import type { CategoryInput } from "~/lib/schemas";
import { config } from "../process/config";
import type { Database, Executor } from "../db/connection";
import { categories } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAdmin } from "./actor";
import { idOrSlugOf, writeSlugged } from "./slugs";

const toCategory = (row: typeof categories.$inferSelect): Category => ({
  ...row,
  featured: row.slug === config().featuredCategorySlug,
});

export async function listCategories(db: Executor): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.id));
  return rows.map(toCategory);
}

async function findCategory(db: Executor, where: SQL): Promise<Category> {
  const [row] = await db.select().from(categories).where(where);
  if (!row) throw new AppError(404, "categoryNotFound");
  return toCategory(row);
}

/** The section a page or feed address names: by slug only, so that /category/2081 is the one named 2081. */
export const getCategoryBySlug = (db: Executor, slug: string) => findCategory(db, eq(categories.slug, slug.normalize("NFC")));

/** `GET /api/categories/{id}`, which also takes a slug (idOrSlugOf). */
export const getCategoryByIdOrSlug = (db: Executor, key: string) => findCategory(db, eq(categories.id, idOrSlugOf(categories, key)));

const write = async (db: Database, input: CategoryInput, id?: number): Promise<Category> =>
  toCategory(
    await writeSlugged(db, categories, { name: input.name, slug: input.slug, ...(input.description !== undefined ? { description: input.description } : {}) }, id, {
      fallback: "category",
      taken: "categorySlugTaken",
      notFound: "categoryNotFound",
    }),
  );

export async function createCategory(db: Database, actor: Actor | null, input: CategoryInput): Promise<Category> {
  requireAdmin(actor);
  return write(db, input);
}

export async function updateCategory(db: Database, actor: Actor | null, id: number, input: CategoryInput): Promise<Category> {
  requireAdmin(actor);
  return write(db, input, id);
}

/** Articles of a deleted category stay, uncategorized (the foreign key sets null). */
export async function deleteCategory(db: Database, actor: Actor | null, id: number): Promise<void> {
  requireAdmin(actor);
  const deleted = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  if (deleted.length === 0) throw new AppError(404, "categoryNotFound");
}

export async function countCategories(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories);
  return row?.n ?? 0;
}

/** Whether a section is the one of the Opinion box (SPEC 2). */
export const isOpinionCategory = (category: { slug: string }) => category.slug === config().opinionCategorySlug;

/** The Opinion box's section, if the site has one. */
export async function opinionCategory(db: Executor): Promise<Category | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.slug, config().opinionCategorySlug));
  return row ? toCategory(row) : undefined;
}
