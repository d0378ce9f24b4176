import { isRouteErrorResponse } from "react-router";
import { NotFoundPanel } from "~/components/ui/NotFoundPanel";
import { pageData } from "~/server/http/page-data";
import { Anchor } from "~/components/i18n/anchor";
import { AdPlaceholder } from "~/components/ads/AdPlaceholder";
import { ArticleCard, articlePath } from "~/components/article-card/ArticleCard";
import { ArticleBar } from "~/components/article/ArticleBar";
import { ArticleBody } from "~/components/article/ArticleBody";
import { ArticleHeader } from "~/components/article/ArticleHeader";
import { CommentsSection } from "~/components/article/CommentsSection";
import { MediaFigure } from "~/components/article/MediaFigure";
import { ArticleListSection } from "~/components/home/ArticleListSection";
import { articlePageOf, cardOf, shownCommentOf } from "~/lib/article-cards";
import { newsQuerySchema } from "~/lib/schemas";
import { database } from "~/server/process/runtime";
import { pageLocale } from "~/server/http/page-locale";
import { getArticle, newestArticles } from "~/server/services/articles";
import { storyDocuments } from "~/server/services/documents";
import { DocumentEmbeds } from "~/components/document-embeds/DocumentEmbeds";
import { isPreview } from "~/lib/preview";
import { currentActor } from "~/server/http/session";
import { categoryNameIn } from "~/lib/fallback-names";
import { formatMessage } from "~/lib/format-message";
import { articleBreadcrumbJsonLd, articleDescription, liveBlogJsonLd, liveUpdateDescription, newsArticleJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Locale } from "~/lib/i18n";
import type { Route } from "./+types/article";
import { useMessages } from "~/contexts/i18n";
import { ContentName } from "~/components/i18n/ContentName";
import { ArticleNotes } from "~/components/article/ArticleNotes";
import { MostRead } from "~/components/most-read/MostRead";
import { ReadBeacon } from "~/components/most-read/ReadBeacon";
import { mostReadHeaders, mostReadOf } from "~/server/http/most-read-page";
import { island } from "~/islands/Island";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { livePageUpdates } from "~/server/services/live-page";
import { liveFeedBase, livePageNumber, updatePath } from "~/lib/live-address";
import { config } from "~/server/platform/config";
import { LiveSummary } from "~/components/live/LiveSummary";
import { type LiveStreamData, LiveStream } from "~/components/live/LiveStream";
import type { ArticlePageArticle } from "~/lib/article-cards";
import type { Actor } from "~/server/services/actor";
import type { Executor } from "~/server/db/connection";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

const ReadBeaconIsland = island("read-beacon", ReadBeacon);
const ArticleBarIsland = island("article-bar", ArticleBar);
const CommentsIsland = island("comments", CommentsSection);

export const headers = mostReadHeaders;

/** docs/product.md#limits-and-constants: the Latest News sidebar shows 5. */
const LATEST_NEWS_LIMIT = 5;

export const loader = ({ params, request }: Route.LoaderArgs) => pageData(async () => {
  const db = await database();
  // Published only, and the same for every visitor: the page is cached and shared (docs/product.md#public-pages-are-shared).
  // The one exception is a newsroom member's `?preview`, which may show a draft they may see
  // (app/lib/roles.ts) and is never cached.
  const previewer = isPreview(request) ? await currentActor(request) : null;
  const [{ article, documents }, latest, mostRead] = await Promise.all([
    getArticle(db, previewer, params.slug, pageLocale(request)).then(async (article) => ({ article, documents: await storyDocuments(db, article.id) })),
    newestArticles(db, null, newsQuerySchema.parse({ limit: LATEST_NEWS_LIMIT + 2, edition: pageLocale(request) })),
    mostReadOf(db, pageLocale(request)),
  ]);
  return {
    article: articlePageOf(article),
    live: await liveStreamOf(db, previewer, articlePageOf(article), new URL(request.url).searchParams),
    documents,
    latest: latest
      // Neither this story nor another version of it is news next to it.
      .filter((a) => a.id !== article.id && !article.translations.some((version) => version.id === a.id))
      .slice(0, LATEST_NEWS_LIMIT)
      .map((a) => cardOf(a, { excerpt: false })),
    mostRead,
  };
});

/**
 * A live story's updates (issue 39): the page `?before=` names, and the update `?update=` names,
 * for its share preview. Numbers that are not plain ones are read as absent: the shared cache keeps
 * only plain ones in its key (server/cache/cache-key.ts), so the page it stores is the page asked for.
 */
async function liveStreamOf(db: Executor, actor: Actor | null, article: ArticlePageArticle, query: URLSearchParams): Promise<LiveStreamData | null> {
  if (!article.live) return null;
  const before = livePageNumber(query.get("before"));
  const stream = await livePageUpdates(db, actor, article, { before, update: livePageNumber(query.get("update")) });
  return { ...stream, before: before ?? null, pollSeconds: config().livePollSeconds };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const seo = pageSeo(matches, location);
  if (!loaderData) return pageMeta(seo, { title: seo.messages.articleNotFoundTitle, noindex: true });
  const { article, live } = loaderData;
  // An update's own address is shared with that update's words; its canonical stays the story.
  const shared = live?.shared ?? null;
  const categoryFeeds = article.category_slug ? [{ title: formatMessage(seo.messages.feedOf, { name: categoryNameIn(seo.messages, article) }), base: `/feeds/category/${article.category_slug}` }] : [];
  const liveFeeds = article.live ? [{ title: formatMessage(seo.messages.liveFeed, { title: article.title }), base: liveFeedBase(article.slug), atomOnly: true }] : [];
  return pageMeta(seo, {
    title: article.meta_title || article.title,
    description: shared ? liveUpdateDescription(shared) : articleDescription(article),
    path: `/article/${article.slug}`,
    sharePath: shared ? updatePath(article.slug, shared.id) : undefined,
    // A story's published versions, each in its own language.
    versions: article.translations.some((version) => version.is_published)
      ? (Object.fromEntries([
          [article.language, `/article/${article.slug}`],
          ...article.translations.filter((version) => version.is_published).map((version) => [version.language, `/article/${version.slug}`]),
        ]) as Record<Locale, string>)
      : undefined,
    feeds: [...liveFeeds, ...categoryFeeds],
    social: {
      type: "article",
      image: article.image_url
        ? { url: article.image_url, width: article.image_width, height: article.image_height, alt: article.title }
        : null,
      extra: [
        { property: "article:published_time", content: article.published_at },
        { property: "article:modified_time", content: article.updated_at },
        { property: "article:section", content: categoryNameIn(seo.messages, article) },
        ...article.tags.map((tag) => ({ property: "article:tag", content: tag.name })),
      ],
    },
    jsonLd: [
      article.live && live ? liveBlogJsonLd(seo, article, article.live, [...live.pinned, ...live.updates]) : newsArticleJsonLd(seo, article),
      articleBreadcrumbJsonLd(seo, article),
    ],
  });
};

export default function ArticlePage({ loaderData: { article, live, documents, latest, mostRead } }: Route.ComponentProps) {
  const messages = useMessages();
  const banner = article.media.find((m) => m.kind === "banner");
  // Content media the editor has not already placed in the body follow it.
  const contentMedia = article.media.filter((m) => m.kind === "content" && !article.content.includes(m.url));
  return (
    // A different article is a fresh page: no draft, menu or spinner carries over.
    <div key={article.id}>
      <ReadBeaconIsland articleId={article.id} />
      <ArticleBarIsland articleId={article.id} title={article.title} path={articlePath(article.slug)} language={article.language} />
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_300px] lg:gap-10">
        <div className="min-w-0 space-y-12">
          <article lang={article.language} className="mx-auto max-w-3xl">
            <ArticleHeader article={article} />
            {banner ? <MediaFigure media={banner} lead /> : null}
            {article.live ? <LiveSummary live={article.live} /> : null}
            <ArticleBody html={article.content} imageVariants={article.content_image_variants} />
            {contentMedia.map((media) => (
              <MediaFigure key={media.position} media={media} />
            ))}
            {article.live && live ? <LiveStream slug={article.slug} live={article.live} stream={live} /> : null}
            <DocumentEmbeds documents={documents} language={article.language} />
            <ArticleNotes notes={article.notes} />
            {article.tags.length > 0 ? (
              <footer className="mt-8">
                <h2 className="sr-only">{messages.tags}</h2>
                <ul className="flex flex-wrap gap-2">
                  {article.tags.map((tag) => (
                    <li key={tag.id}>
                      <Anchor
                        to={`/tag/${tag.slug}`}
                        className="inline-block rounded-full bg-neutral-100 px-3 py-1 text-sm font-medium hover:bg-brand hover:text-white dark:bg-neutral-800"
                      >
                        #<ContentName text={tag.name} within={article.language} />
                      </Anchor>
                    </li>
                  ))}
                </ul>
              </footer>
            ) : null}
          </article>
          {article.related.length > 0 ? (
            <section aria-labelledby="related-heading" className="mx-auto max-w-3xl">
              <h2 id="related-heading" className="mb-4 border-b-2 border-brand pb-1 text-xl font-black">
                {messages.relatedArticles}
              </h2>
              <ul className="space-y-5">
                {article.related.map((related) => (
                  <li key={related.id}>
                    <ArticleCard article={related} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <div className="mx-auto max-w-3xl">
            <CommentsIsland articleId={article.id} comments={article.comments.map(shownCommentOf)} />
          </div>
        </div>
        <aside className="mt-12 space-y-8 lg:mt-0">
          <ArticleListSection title={messages.latestNews} articles={latest} empty={messages.noNews} />
          <MostRead items={mostRead} />
          <AdPlaceholder className="mx-auto lg:sticky lg:top-40" />
        </aside>
      </div>
    </div>
  );
}

/** docs/product.md#messages-and-notifications: a draft, an unknown slug or a failed load shows the Article Not Found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const messages = useMessages();
  if (!isRouteErrorResponse(error) || error.status !== 404) console.error(error);
  return <NotFoundPanel title={messages.articleNotFoundTitle} text={messages.articleNotFoundText} homeLabel={messages.returnHome} />;
}
