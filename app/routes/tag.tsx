import { isRouteErrorResponse } from "react-router";
import { NotFoundPanel } from "~/components/ui/NotFoundPanel";
import { pageData } from "~/server/http/page-data";
import { ArticleListing } from "~/components/listing/ArticleListing";
import { Pagination } from "~/components/pagination/Pagination";
import { LISTING_PAGE_SIZE } from "~/lib/limits";
import { formatMessage } from "~/lib/format-message";
import { newsQuerySchema } from "~/lib/schemas";
import { database } from "~/server/process/runtime";
import { listingOf } from "~/lib/article-cards";
import { listArticles } from "~/server/services/articles";
import { getTagBySlug } from "~/server/services/tags";
import { pageMeta, pageSeo, pagedPath } from "~/lib/seo/page-meta";
import { pageLocale } from "~/server/http/page-locale";
import type { Route } from "./+types/tag";
import { useMessages } from "~/contexts/i18n";
import { ContentName } from "~/components/i18n/ContentName";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

/** Tag page (docs/product.md#all-news-writers-and-tags): the tag and its published articles. An unknown tag is a 404. */
export async function loader({ params, request }: Route.LoaderArgs) {
  return pageData(async () => {
    const db = await database();
    const tag = await getTagBySlug(db, params.slug, pageLocale(request));
    const page = new URL(request.url).searchParams.get("page") ?? undefined;
    const listing = await listArticles(db, null, newsQuerySchema.parse({ tag: String(tag.id), page, limit: LISTING_PAGE_SIZE, edition: pageLocale(request) }));
    return { tag, listing: listingOf(listing) };
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const seo = pageSeo(matches, location);
  if (!loaderData) return pageMeta(seo, { title: seo.messages.tagNotFound, noindex: true });
  const { tag, listing } = loaderData;
  const title = formatMessage(seo.messages.tagArticles, { name: tag.name });
  const lead = listing.articles.find((article) => article.image_url);
  return pageMeta(seo, {
    title,
    description: title,
    path: pagedPath(seo),
    feeds: [{ title: formatMessage(seo.messages.feedTag, { name: tag.name }), base: `/feeds/tag/${tag.slug}` }],
    social: {
      type: "website",
      image: lead?.image_url ? { url: lead.image_url, width: lead.image_width, height: lead.image_height, alt: lead.title } : null,
    },
  });
};

export default function TagPage({ loaderData: { tag, listing } }: Route.ComponentProps) {
  const messages = useMessages();
  return (
    <>
      <header className="border-b-4 border-brand pb-4">
        <p className="text-xs font-semibold uppercase tracking-widest text-neutral-500">{messages.tagLabel}</p>
        <h1 className="mt-1 text-3xl font-black sm:text-4xl">
          <span aria-hidden="true" className="text-brand">
            #
          </span>
          <ContentName text={tag.name} />
        </h1>
      </header>
      <div className="mt-4">
        <ArticleListing
          articles={listing.articles}
          emptyText={messages.noTagArticles}
          wide
          eagerFirst={listing.page === 1}
          headingLevel="h2"
        />
        <Pagination page={listing.page} total={listing.total} pageSize={LISTING_PAGE_SIZE} />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const messages = useMessages();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <NotFoundPanel
      title={notFound ? messages.tagNotFound : messages.somethingWentWrong}
      text={notFound ? messages.pageNotFoundText : undefined}
      homeLabel={messages.backToHome}
    />
  );
}
