import { data, isRouteErrorResponse } from "react-router";
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
import { getWriter } from "~/server/services/writers";
import { pageMeta, pageSeo, pagedPath } from "~/lib/seo/page-meta";
import { pageLocale } from "~/server/http/page-locale";
import type { Route } from "./+types/writer";
import { useMessages } from "~/contexts/i18n";
import { ContentName } from "~/components/i18n/ContentName";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

/** Writer profile (docs/product.md#all-news-writers-and-tags). A malformed id names no writer either: both are 'Writer not found.' (404). */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,9}$/.test(params.writerId)) throw data(null, { status: 404 });
  return pageData(async () => {
    const db = await database();
    const writer = await getWriter(db, Number(params.writerId), pageLocale(request));
    const page = new URL(request.url).searchParams.get("page") ?? undefined;
    const listing = await listArticles(db, null, newsQuerySchema.parse({ writer: writer.id, page, limit: LISTING_PAGE_SIZE, edition: pageLocale(request) }));
    return { writer, listing: listingOf(listing) };
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const seo = pageSeo(matches, location);
  if (!loaderData) return pageMeta(seo, { title: seo.messages.writerNotFound, noindex: true });
  const { writer } = loaderData;
  return pageMeta(seo, {
    title: seo.messages.writerProfile,
    description: writer.bio || writer.name,
    path: pagedPath(seo),
    feeds: [{ title: formatMessage(seo.messages.feedWriter, { name: writer.name }), base: `/feeds/writer/${writer.id}` }],
    social: { type: "profile", extra: [{ property: "profile:username", content: writer.name }] },
  });
};

export default function WriterPage({ loaderData: { writer, listing } }: Route.ComponentProps) {
  const messages = useMessages();
  return (
    <>
      <header className="flex flex-col gap-4 border-b border-neutral-200 pb-6 sm:flex-row sm:items-start dark:border-neutral-800">
        <span
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand text-2xl font-black text-white"
        >
          {writer.name.trim().charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-widest text-neutral-500">{messages.writerProfile}</p>
          <h1 className="mt-1 text-3xl font-black">
            <ContentName text={writer.name} />
          </h1>
          <p className="mt-1">
            <a href={`mailto:${writer.email}`} className="break-all text-brand hover:underline dark:text-red-400">
              {writer.email}
            </a>
          </p>
          {writer.bio ? (
            <p className="mt-3 max-w-2xl text-neutral-700 dark:text-neutral-300">
              <ContentName text={writer.bio} />
            </p>
          ) : null}
        </div>
      </header>
      <section aria-labelledby="writer-articles" className="mt-8">
        <h2 id="writer-articles" className="mb-4 text-xl font-bold">
          {formatMessage(messages.writerArticles, { name: writer.name })}
        </h2>
        <ArticleListing articles={listing.articles} emptyText={messages.noWriterArticles} wide />
        <Pagination page={listing.page} total={listing.total} pageSize={LISTING_PAGE_SIZE} />
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const messages = useMessages();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <NotFoundPanel title={notFound ? messages.writerNotFound : messages.somethingWentWrong} homeLabel={messages.backToHome} />;
}
