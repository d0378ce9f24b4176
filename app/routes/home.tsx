import { AdPlaceholder } from "~/components/ads/AdPlaceholder";
import { ArticleCard } from "~/components/article-card/ArticleCard";
import { BreakingNews } from "~/components/breaking-news/BreakingNews";
import { ArticleListSection } from "~/components/home/ArticleListSection";
import { type FeaturedResult, FeaturedReport } from "~/components/home/FeaturedReport";
import { NewsletterIsland } from "~/components/newsletter/NewsletterIsland";
import { cardOf, navCategoryOf } from "~/lib/article-cards";
import type { ArticleSummary } from "~/lib/api-types";
import { newsQuerySchema } from "~/lib/schemas";
import type { Executor } from "~/server/db/connection";
import { database } from "~/server/process/runtime";
import { latestPerCategory, newestArticles } from "~/server/services/articles";
import { isOpinionCategory, listCategories } from "~/server/services/categories";
import { editionOf } from "~/server/services/editions";
import type { Locale } from "~/lib/i18n";
import { pageLocale } from "~/server/http/page-locale";
import { homeJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Route } from "./+types/home";
import { useMessages } from "~/contexts/i18n";
import { MostRead } from "~/components/most-read/MostRead";
import { mostReadHeaders, mostReadOf } from "~/server/http/most-read-page";
import { logError } from "~/server/platform/log";
import { island } from "~/islands/Island";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { latestLiveUpdates } from "~/server/services/live-page";
import { type LeadUpdate, LeadLiveUpdates } from "~/components/live/LeadLiveUpdates";
import { excerpt } from "~/lib/text";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

const BreakingNewsIsland = island("breaking-news", BreakingNews);

export const headers = mostReadHeaders;

/** docs/product.md#limits-and-constants: 5 ticker, 3 lead, 5 latest, 3 per category, 3 opinion. */
const TICKER_COUNT = 5;
const LEAD_COUNT = 3;
const LATEST_COUNT = 5;
const PER_CATEGORY = 3;
const OPINION_COUNT = 3;
/** Issue 39: a running live story that leads the page shows its latest three updates. */
const LEAD_UPDATES = 3;
/** How much of an update without a headline its line under the lead shows. */
const LEAD_UPDATE_LENGTH = 100;

/** The lead's latest updates when it is a running live story: one more query then, none otherwise. */
async function leadUpdates(db: Executor, lead: ArticleSummary | undefined): Promise<LeadUpdate[]> {
  if (!lead?.live || lead.live.ended_at !== null) return [];
  const updates = await latestLiveUpdates(db, lead.id, LEAD_UPDATES);
  return updates.map((update) => ({ id: update.id, text: update.headline || excerpt(update.body, LEAD_UPDATE_LENGTH), published_at: update.published_at }));
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, {
    title: seo.messages.defaultTitle,
    description: seo.messages.homeDescription,
    path: "/",
    social: { type: "website" },
    jsonLd: homeJsonLd(seo),
  });
};

async function loadFeatured(db: Executor, edition: Locale): Promise<FeaturedResult> {
  try {
    const articles = await newestArticles(db, null, newsQuerySchema.parse({ is_featured: "true", limit: 1, edition }));
    return articles[0] ? { status: "found", article: cardOf(articles[0]) } : { status: "none" };
  } catch (error) {
    logError("The featured article could not be loaded", error);
    return { status: "failed" };
  }
}

/** A handful of queries in parallel, whatever the number of categories. Public: the same page for everyone. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = await database();
  // The page's language is its edition: each story once, in that language where it exists in it.
  const edition = pageLocale(request);
  const [newest, featured, perCategory, categories, mostRead] = await Promise.all([
    newestArticles(db, null, newsQuerySchema.parse({ limit: LEAD_COUNT + LATEST_COUNT, edition })),
    loadFeatured(db, edition),
    latestPerCategory(db, PER_CATEGORY, editionOf(edition)),
    listCategories(db, edition),
    mostReadOf(db, edition),
  ]);
  const opinion = categories.find(isOpinionCategory);
  const heroUpdates = await leadUpdates(db, newest[0]);
  // The side lists are small cards, which show no excerpt.
  const sideCards = (articles: ArticleSummary[]) => articles.map((article) => cardOf(article, { excerpt: false }));
  return {
    ticker: newest.slice(0, TICKER_COUNT).map(({ id, slug, title, language }) => ({ id, slug, title, language })),
    leads: newest.slice(0, LEAD_COUNT).map((article) => cardOf(article)),
    heroUpdates,
    // The leads are the newest three; the sidebar carries on from there instead of repeating them.
    latest: sideCards(newest.slice(LEAD_COUNT, LEAD_COUNT + LATEST_COUNT)),
    featured,
    // The Opinion category has its own box in the sidebar.
    sections: categories
      .filter((category) => category !== opinion)
      .map((category) => ({ category: navCategoryOf(category), articles: sideCards(perCategory.get(category.id) ?? []) }))
      .filter((section) => section.articles.length > 0),
    opinion: {
      href: opinion ? `/category/${opinion.slug}` : undefined,
      articles: sideCards((opinion && perCategory.get(opinion.id)?.slice(0, OPINION_COUNT)) || []),
    },
    mostRead,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const { ticker, leads, heroUpdates, latest, featured, sections, opinion, mostRead } = loaderData;
  const [hero, ...secondary] = leads;
  return (
    <>
      <BreakingNewsIsland items={ticker} />
      {!hero ? (
        <>
          <h1 className="sr-only">{messages.homeHeading}</h1>
          <p className="py-8 text-neutral-600 dark:text-neutral-400">{messages.noNews}</p>
        </>
      ) : (
        <div className="space-y-10">
          <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_300px]">
            <section aria-labelledby="top-stories" className="space-y-6">
              <h1 id="top-stories" className="sr-only">
                {messages.homeHeading}
              </h1>
              <ArticleCard article={hero} variant="large" headingLevel="h2" eager />
              <LeadLiveUpdates slug={hero.slug} language={hero.language} updates={heroUpdates} />
              {secondary.length > 0 ? (
                <div className="grid gap-6 border-t border-neutral-200 pt-6 md:grid-cols-2 dark:border-neutral-800">
                  {secondary.map((article) => (
                    <ArticleCard key={article.id} article={article} variant="medium" headingLevel="h2" />
                  ))}
                </div>
              ) : null}
            </section>
            <div className="space-y-8">
              {latest.length > 0 ? <ArticleListSection title={messages.latestNews} href="/news" articles={latest} /> : null}
              <AdPlaceholder className="mx-auto lg:mx-0" />
            </div>
          </div>

          <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_300px]">
            <div className="space-y-10">
              <FeaturedReport featured={featured} />
              {sections.length > 0 ? (
                <div className="grid gap-x-8 gap-y-10 md:grid-cols-2">
                  {sections.map(({ category, articles }) => (
                    <ArticleListSection key={category.id} title={category.name} href={`/category/${category.slug}`} articles={articles} />
                  ))}
                </div>
              ) : null}
            </div>
            <div className="space-y-8">
              <ArticleListSection title={messages.opinion} href={opinion.href} articles={opinion.articles} empty={messages.noOpinion} />
              <MostRead items={mostRead} />
            </div>
          </div>
        </div>
      )}
      <NewsletterIsland className="mt-10" />
    </>
  );
}
