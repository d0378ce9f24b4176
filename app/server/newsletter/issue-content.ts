/** What an issue says, read from its stories as they stand when it is sent (issue 40). */
import { and, eq, inArray } from "drizzle-orm";
import { localizePath } from "~/lib/i18n";
import type { Language } from "~/lib/limits";
import { absoluteUrl } from "~/lib/seo/page-meta";
import type { Executor } from "../db/connection";
import { articles, inEditionSql } from "../db/schema";
import { articleUrl } from "../seo/feeds";
import { siteInfo } from "../seo/site";
import type { IssueContent, IssueLinks } from "./issue-mail";
import { subscriberLinks } from "./subscriber-links";

export interface IssueText {
  edition: Language;
  subject: string;
  intro: string;
  articleIds: number[];
}

/** The published stories among `articleIds` that the edition shows, in the order given. */
export async function publishedInEdition(db: Executor, edition: Language, articleIds: number[]) {
  if (articleIds.length === 0) return [];
  const rows = await db
    .select({ id: articles.id, title: articles.title, slug: articles.slug, language: articles.language, excerpt: articles.excerpt, metaDescription: articles.metaDescription })
    .from(articles)
    .where(and(inArray(articles.id, articleIds), eq(articles.isPublished, true), inEditionSql(articles, edition)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return articleIds.flatMap((id) => byId.get(id) ?? []);
}

export async function issueContent(db: Executor, issue: IssueText): Promise<IssueContent> {
  const site = siteInfo();
  const stories = await publishedInEdition(db, issue.edition, issue.articleIds);
  return {
    edition: issue.edition,
    subject: issue.subject,
    intro: issue.intro,
    stories: stories.map((story) => ({ title: story.title, summary: story.metaDescription || story.excerpt, url: articleUrl(site, story) })),
  };
}

/** A reader's links, to pages in the edition's language: the footer's and List-Unsubscribe's from their token, and the edition's home page. */
export function issueLinks(edition: Language, token: string): IssueLinks {
  const site = siteInfo();
  return { ...subscriberLinks(token, edition), site: absoluteUrl(site, localizePath("/", edition, site.defaultLocale)) };
}
