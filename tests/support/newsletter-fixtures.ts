/**
 * Known data for the newsletter's tests (issue 40): published stories in an edition, and confirmed
 * subscribers on its list, inserted directly as the sign-up side would leave them.
 */
import type { Executor } from "../../app/server/db/connection";
import { articles, categories, newsletterSubscribers, newsletterSubscriptions } from "../../app/server/db/schema";
import type { Language } from "../../app/lib/limits";

export interface StorySeed {
  slug: string;
  title: string;
  excerpt?: string;
}

/** Published stories in `edition`'s language, their ids in the order given. */
export async function seedStories(db: Executor, edition: Language, stories: StorySeed[]): Promise<number[]> {
  const [category] = await db
    .insert(categories)
    .values({ names: { en: `Section ${edition}` }, slug: `section-${edition}-${Date.now()}` })
    .returning({ id: categories.id });
  const rows = await db
    .insert(articles)
    .values(
      stories.map((story) => ({
        slug: story.slug,
        title: story.title,
        excerpt: story.excerpt ?? "",
        language: edition,
        content: `<p>${story.title}</p>`,
        categoryId: category!.id,
        isPublished: true,
      })),
    )
    .returning({ id: articles.id, slug: articles.slug });
  return stories.map((story) => rows.find((row) => row.slug === story.slug)!.id);
}

/** `count` confirmed subscribers on `edition`'s list, `{prefix}{n}@example.org`; their ids. */
export async function seedSubscribers(db: Executor, edition: Language, count: number, prefix = "reader"): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const page = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      email: `${prefix}${start + i + 1}@example.org`,
      language: edition,
      status: "confirmed" as const,
      confirmedAt: new Date(),
    }));
    const rows = await db.insert(newsletterSubscribers).values(page).returning({ id: newsletterSubscribers.id });
    await db.insert(newsletterSubscriptions).values(rows.map((row) => ({ subscriberId: row.id, list: edition })));
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}
