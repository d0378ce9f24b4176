import { useEffect, useState } from "react";
import { Anchor } from "~/components/i18n/anchor";
import { useSession } from "~/components/session/session";
import { Dialog } from "~/components/ui/Dialog";
import type { ApiArticleSummary, ArticleSummary } from "~/lib/api-types";
import { summaryFromApi } from "~/lib/api-articles";
import { apiRequest } from "~/lib/api-client";
import { useMessages } from "~/contexts/i18n";
import { CardTime } from "~/components/article-card/CardTime";
import { useMediaBase } from "~/components/media/use-media-base";
import { publicMediaUrl } from "~/lib/media-url";

/** Saved-articles overlay (docs/product.md#bookmarks): the reader's bookmarks, each with a remove button. */
export function SavedArticles({ open, onClose }: { open: boolean; onClose: () => void }) {
  const messages = useMessages();
  const mediaBase = useMediaBase();
  const session = useSession();
  const [articles, setArticles] = useState<ArticleSummary[] | null>(null);

  useEffect(() => {
    if (!open) return;
    setArticles(null);
    const controller = new AbortController();
    apiRequest<{ articles: ApiArticleSummary[] }>("/api/users/me/bookmarks", { signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted) setArticles(result.ok ? result.data.articles.map(summaryFromApi) : []);
    });
    return () => controller.abort();
  }, [open]);

  const visible = articles?.filter((a) => session.isBookmarked(a.id)) ?? null;

  return (
    <Dialog open={open} onClose={onClose} title={messages.savedArticles} variant="overlay">
      {visible === null ? (
        <p className="py-6 text-center text-neutral-500">{messages.loading}</p>
      ) : visible.length === 0 ? (
        <div className="py-10 text-center">
          <p className="text-lg font-semibold">{messages.noSavedArticles}</p>
          <p className="mt-2 text-neutral-600 dark:text-neutral-400">{messages.noSavedArticlesHint}</p>
        </div>
      ) : (
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {visible.map((article) => (
            <li key={article.id} lang={article.language} className="flex items-start gap-3 py-3">
              {article.image_url ? (
                <img src={publicMediaUrl(article.image_url, mediaBase)} alt="" width={96} height={54} loading="lazy" className="card-thumb" />
              ) : null}
              <div className="min-w-0 flex-1">
                <Anchor to={`/article/${article.slug}`} onClick={onClose} className="font-semibold leading-snug hover:underline">
                  {article.title}
                </Anchor>
                <p className="mt-1 text-xs text-neutral-500">
                  <CardTime iso={article.published_at} />
                </p>
              </div>
              <button
                type="button"
                onClick={() => void session.toggleBookmark(article.id)}
                className="shrink-0 rounded-md border border-neutral-300 px-2 py-1 text-xs font-medium hover:border-red-600 hover:text-red-700 dark:border-neutral-700"
              >
                {messages.removeBookmark}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
