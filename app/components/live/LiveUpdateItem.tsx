import { Anchor } from "~/components/i18n/anchor";
import { useMediaBase } from "~/components/media/use-media-base";
import { useMessages, useTranslate } from "~/contexts/i18n";
import type { LiveUpdate } from "~/lib/api-types";
import { updateAnchor, updatePath } from "~/lib/live-address";
import { publicMediaHtml } from "~/lib/media-url";
import { rewriteUploadSources } from "~/lib/upload-paths";
import { ARTICLE_BODY_STYLES } from "~/components/article/ArticleBody";
import { Message } from "~/components/layout/Message";
import { LiveTime } from "./LiveTime";

/**
 * One update of a live story (issue 39), as the page renders it and as the page's island renders
 * one that arrives later: its time, headline, body (sanitised HTML, stored so by the server),
 * author, whether it was edited, and a link to its own address. `highlighted`: the one a shared
 * address names, shown apart from its page of the stream.
 */
export function LiveUpdateItem({ update, slug, highlighted = false }: { update: LiveUpdate; slug: string; highlighted?: boolean }) {
  const messages = useMessages();
  const t = useTranslate();
  const mediaBase = useMediaBase();
  const headingId = `${updateAnchor(update.id)}-heading`;
  return (
    <article
      id={updateAnchor(update.id)}
      data-live-update={update.id}
      tabIndex={-1}
      aria-labelledby={update.headline ? headingId : undefined}
      className={`scroll-mt-40 border-l-4 py-4 pl-4 outline-none ${
        update.pinned || highlighted ? "border-brand bg-red-50/60 pr-3 dark:bg-red-950/30" : "border-neutral-200 dark:border-neutral-800"
      }`}
    >
      <p className="flex flex-wrap items-baseline gap-x-3 text-sm font-semibold text-neutral-600 dark:text-neutral-400">
        <LiveTime iso={update.published_at} />
        {update.pinned ? <span className="text-xs uppercase tracking-wide text-brand dark:text-red-400">{messages.livePinned}</span> : null}
      </p>
      {update.headline ? (
        <h3 id={headingId} className="mt-1 text-lg font-bold leading-snug">
          {update.headline}
        </h3>
      ) : null}
      <div className={`mt-2 ${ARTICLE_BODY_STYLES}`} dangerouslySetInnerHTML={{ __html: publicMediaHtml(rewriteUploadSources(update.body), mediaBase) }} />
      <footer className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-600 dark:text-neutral-400">
        {update.author ? <span>{t("liveUpdateBy", { name: update.author.name })}</span> : null}
        {update.edited_at ? (
          <span>
            <Message id="liveEdited" slots={{ time: <LiveTime iso={update.edited_at} /> }} />
          </span>
        ) : null}
        <Anchor to={updatePath(slug, update.id)} className="text-brand underline-offset-2 hover:underline dark:text-red-400">
          {messages.liveUpdateLink}
        </Anchor>
      </footer>
    </article>
  );
}
