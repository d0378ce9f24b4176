import { ArticleListing } from "~/components/listing/ArticleListing";
import { Pagination } from "~/components/pagination/Pagination";
import { LISTING_PAGE_SIZE } from "~/lib/limits";
import { newsQuerySchema } from "~/lib/schemas";
import { listingOf } from "~/lib/article-cards";
import { EXCERPT_LENGTH } from "~/lib/text";
import { database } from "~/server/process/runtime";
import { pageLocale } from "~/server/http/page-locale";
import { listArticles } from "~/server/services/articles";
import { pageMeta, pageSeo, pagedPath } from "~/lib/seo/page-meta";
import type { Route } from "./+types/news";
import { useMessages } from "~/contexts/i18n";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

/** All News (docs/product.md#all-news-writers-and-tags): published articles only (the null actor sees nothing else), newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  const listing = await listArticles(await database(), null, newsQuerySchema.parse({ page, limit: LISTING_PAGE_SIZE, edition: pageLocale(request) }));
  return { listing: listingOf(listing, { excerpt: { length: EXCERPT_LENGTH.allNews } }) };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.allNews, description: seo.messages.allNewsIntro, path: pagedPath(seo) });
};

export default function AllNews({ loaderData: { listing } }: Route.ComponentProps) {
  const messages = useMessages();
  return (
    <>
      <header className="border-b-4 border-brand pb-4">
        <h1 className="text-3xl font-black sm:text-4xl">{messages.allNews}</h1>
        <p className="mt-2 text-neutral-600 dark:text-neutral-400">{messages.allNewsIntro}</p>
      </header>
      <div className="mt-4">
        <ArticleListing
          articles={listing.articles}
          emptyText={messages.noNews}
          wide
          eagerFirst={listing.page === 1}
          headingLevel="h2"
        />
        <Pagination page={listing.page} total={listing.total} pageSize={LISTING_PAGE_SIZE} />
      </div>
    </>
  );
}
