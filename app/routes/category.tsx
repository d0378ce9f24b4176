import { data, isRouteErrorResponse } from "react-router";
import { NotFoundPanel } from "~/components/ui/NotFoundPanel";
import { pageData } from "~/server/http/page-data";
import { Anchor } from "~/components/i18n/anchor";
import { AdPlaceholder } from "~/components/ads/AdPlaceholder";
import { ArticleCard } from "~/components/article-card/ArticleCard";
import { ArticleListing } from "~/components/listing/ArticleListing";
import { PlaceholderBlock } from "~/components/listing/PlaceholderBlock";
import { NewsletterIsland } from "~/components/newsletter/NewsletterIsland";
import { Pagination } from "~/components/pagination/Pagination";
import { LISTING_PAGE_SIZE } from "~/lib/limits";
import { newsQuerySchema } from "~/lib/schemas";
import { cardOf, listingOf } from "~/lib/article-cards";
import { EXCERPT_LENGTH } from "~/lib/text";
import { database } from "~/server/process/runtime";
import { listArticles, newestArticles } from "~/server/services/articles";
import { getCategoryBySlug, opinionCategory } from "~/server/services/categories";
import { useReaderLayoutData } from "~/components/layout/reader-layout-data";
import { formatMessage } from "~/lib/format-message";
import { pageMeta, pageSeo, pagedPath } from "~/lib/seo/page-meta";
import { pageLocale } from "~/server/http/page-locale";
import type { Route } from "./+types/category";
import { useMessages } from "~/contexts/i18n";
import { ContentName } from "~/components/i18n/ContentName";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

/** docs/product.md#limits-and-constants: the Opinion box shows at most 3 articles. */
const OPINION_MAX = 3;

/**
 * The three failures of docs/product.md#category map to statuses: no slug 400, unknown slug 404, anything else 500
 * (pageData). The ErrorBoundary turns each status back into its message.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.categorySlug?.trim() ?? "";
  if (slug === "") throw data(null, { status: 400 });
  return pageData(async () => {
    const db = await database();
    const category = await getCategoryBySlug(db, slug, pageLocale(request));
    const page = new URL(request.url).searchParams.get("page") ?? undefined;
    const opinionSection = await opinionCategory(db, pageLocale(request));
    const [listing, opinion] = await Promise.all([
      listArticles(db, null, newsQuerySchema.parse({ category: String(category.id), page, limit: LISTING_PAGE_SIZE, edition: pageLocale(request) })),
      opinionSection
        ? newestArticles(db, null, newsQuerySchema.parse({ category: String(opinionSection.id), limit: OPINION_MAX, edition: pageLocale(request) }))
        : null,
    ]);
    return {
      category,
      listing: listingOf(listing, { excerpt: { length: EXCERPT_LENGTH.category } }),
      opinion: (opinion ?? []).map((article) => cardOf(article, { excerpt: false })),
    };
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const seo = pageSeo(matches, location);
  if (!loaderData) return pageMeta(seo, { title: seo.messages.categoryOops, noindex: true });
  const { category, listing } = loaderData;
  const lead = listing.articles.find((article) => article.image_url);
  return pageMeta(seo, {
    title: category.name,
    description: category.description || undefined,
    path: pagedPath(seo),
    feeds: [{ title: formatMessage(seo.messages.feedOf, { name: category.name }), base: `/feeds/category/${category.slug}` }],
    social: {
      type: "website",
      image: lead?.image_url ? { url: lead.image_url, width: lead.image_width, height: lead.image_height, alt: lead.title } : null,
    },
  });
};

export default function CategoryPage({ loaderData: { category, listing, opinion } }: Route.ComponentProps) {
  const messages = useMessages();
  return (
    <>
      <header
        className={
          category.featured
            ? "rounded-lg border-t-4 border-brand bg-neutral-900 px-5 py-8 text-white sm:px-8"
            : "border-b-4 border-brand pb-4"
        }
      >
        {category.featured ? (
          <p className="text-xs font-bold uppercase tracking-widest text-red-300">{messages.specialReports}</p>
        ) : null}
        <h1 className={`text-3xl font-black sm:text-4xl ${category.featured ? "mt-1" : ""}`}>
          <ContentName text={category.name} />
        </h1>
        {category.description ? (
          <p className={`mt-2 max-w-3xl ${category.featured ? "text-neutral-300" : "text-neutral-600 dark:text-neutral-400"}`}>
            <ContentName text={category.description} />
          </p>
        ) : null}
      </header>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_300px]">
        <section aria-labelledby="category-articles">
          <h2 id="category-articles" className="mb-4 text-xl font-bold">
            {messages.latestStories}
          </h2>
          <ArticleListing
            articles={listing.articles}
            emptyText={messages.noCategoryArticles}
            eagerFirst={listing.page === 1}
          />
          <Pagination page={listing.page} total={listing.total} pageSize={LISTING_PAGE_SIZE} />
        </section>

        <div className="space-y-8">
          <section aria-labelledby="opinion-box" className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800">
            <h2 id="opinion-box" className="border-b border-neutral-200 pb-2 text-lg font-bold dark:border-neutral-800">
              {messages.opinion}
            </h2>
            {opinion.length === 0 ? (
              <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">{messages.noOpinion}</p>
            ) : (
              <ul className="mt-3 space-y-4">
                {opinion.map((article) => (
                  <li key={article.id}>
                    <ArticleCard article={article} variant="small" />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <AdPlaceholder className="mx-auto" />
          <PlaceholderBlock title={messages.upcomingEvents} text={messages.upcomingEventsText} />
          <PlaceholderBlock title={messages.highlights} text={messages.highlightsText} />
          <AdPlaceholder className="mx-auto hidden lg:flex" />
        </div>
      </div>

      <NewsletterIsland className="mt-12" />
    </>
  );
}

/** docs/product.md#messages-and-notifications: the category page's errors, with the category links and a way home. No stack trace, ever. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const messages = useMessages();
  const layout = useReaderLayoutData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404 ? messages.categoryNotFound : status === 400 ? messages.categoryNotSpecified : messages.categoryLoadFailed;
  return (
    <NotFoundPanel title={messages.categoryOops} text={message} alert homeLabel={messages.backToHome}>
      {layout?.categories.length ? (
        <nav aria-labelledby="category-error-links" className="mt-8">
          <h2 id="category-error-links" className="text-sm font-semibold uppercase tracking-wide text-neutral-500">
            {messages.browseCategories}
          </h2>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {layout.categories.map((category) => (
              <li key={category.id}>
                <Anchor
                  to={`/category/${category.slug}`}
                  className="inline-block rounded-full border border-neutral-300 px-3 py-1 text-sm hover:border-brand hover:text-brand dark:border-neutral-700 dark:hover:text-red-400"
                >
                  <ContentName text={category.name} />
                </Anchor>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </NotFoundPanel>
  );
}
