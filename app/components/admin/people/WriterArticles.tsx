import { useEffect, useState } from "react";
import { Link } from "~/components/i18n/links";
import { apiRequest } from "~/lib/api-client";
import type { ApiArticleList, Writer } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { useFormatDate, useFormatNumber, useMessages } from "~/contexts/i18n";
import { previewPath } from "~/lib/preview";

/** The API's largest page (LIST_LIMIT_MAX in ~/lib/schemas, which the browser does not load). */
const PAGE_SIZE = 100;

type State = { status: "loading" } | { status: "failed"; error: string } | { status: "ready"; list: ApiArticleList };

/**
 * The writer's articles, drafts included, fetched when the toggle opens (most writers are never
 * expanded). Links carry ?preview so that the admin sees the article rather than the dashboard.
 */
export function WriterArticles({ writer }: { writer: Writer }) {
  const messages = useMessages();
  const formatDate = useFormatDate();
  const formatNumber = useFormatNumber();
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    const abort = new AbortController();
    void apiRequest<ApiArticleList>(`/api/news?writer=${writer.id}&status=all&limit=${PAGE_SIZE}`, { signal: abort.signal }).then((result) => {
      if (abort.signal.aborted) return;
      setState(result.ok ? { status: "ready", list: result.data } : { status: "failed", error: result.error ?? messages.articlesFetchFailed });
    });
    return () => abort.abort();
  }, [writer.id]);

  if (state.status === "loading") return <p role="status">{messages.loading}</p>;
  if (state.status === "failed") return <p role="alert" className="text-red-800 dark:text-red-300">{state.error}</p>;

  const { articles, total } = state.list;
  if (articles.length === 0) return <p className="text-neutral-600 dark:text-neutral-400">{messages.noArticlesByWriter}</p>;
  return (
    <>
      <ul aria-label={formatMessage(messages.writerArticles, { name: writer.name })} className="space-y-1.5">
        {articles.map((article) => (
          <li key={article.id} className="flex flex-wrap items-baseline gap-x-3">
            <Link to={previewPath(article.slug)} lang={article.language} className="font-medium text-brand hover:underline">
              {article.title}
            </Link>
            <span className="text-xs text-neutral-500">
              <time dateTime={article.published_at}>{formatDate(article.published_at)}</time>
              {article.is_published ? null : (
                <span className="ml-2 rounded bg-neutral-200 px-1.5 py-0.5 font-semibold text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200">
                  {messages.draft}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {total > articles.length ? (
        <p className="mt-2 text-xs text-neutral-500">{formatMessage(messages.latestOfTotal, { shown: formatNumber(articles.length), total: formatNumber(total) })}</p>
      ) : null}
    </>
  );
}
