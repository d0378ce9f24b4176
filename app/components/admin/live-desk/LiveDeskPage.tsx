import { Link } from "~/components/i18n/links";
import { useLanguage, useMessages } from "~/contexts/i18n";
import { articleEditPath } from "~/lib/admin-paths";
import { formatMessage } from "~/lib/format-message";
import type { LiveDesk } from "~/server/services/live-desk";
import { LiveComposer } from "./LiveComposer";
import { LiveUpdatesList } from "./LiveUpdatesList";

const linkClass = "font-medium text-brand underline underline-offset-2 hover:no-underline";

/**
 * The live desk of one story (issue 39): where its coverage stands, the composer while it runs,
 * and its updates to correct. Narrow on purpose: it is used on a phone, one thumb, in the rain.
 */
export function LiveDeskPage({ desk, staffId }: { desk: LiveDesk; staffId: number }) {
  const messages = useMessages();
  const { formatDateTime } = useLanguage();
  const { story, live } = desk;
  const running = live !== null && live.ended_at === null;
  // The edition an update may also go to: a live one first, else the first (in the site's order of languages), to say it is not live.
  const other = desk.editions.find((edition) => edition.live) ?? desk.editions[0] ?? null;

  return (
    <div className="mx-auto max-w-xl space-y-5">
      <header>
        <p className="text-sm font-semibold tracking-wide text-brand uppercase">{messages.liveDeskTitle}</p>
        <h1 lang={story.language} className="mt-1 text-2xl font-bold">
          {story.title}
        </h1>
        <p className="mt-2 font-medium">
          {running ? (
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className="inline-block h-2.5 w-2.5 animate-pulse rounded-full bg-red-600 motion-reduce:animate-none" />
              {formatMessage(messages.liveRunningSince, { time: formatDateTime(live.started_at) })}
            </span>
          ) : live ? (
            formatMessage(messages.liveEndedAt, { time: formatDateTime(live.ended_at!) })
          ) : (
            messages.liveNotYet
          )}
        </p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {desk.may_manage ? (
            <Link to={articleEditPath(story.slug)} className={linkClass}>
              {messages.liveDeskManage}
            </Link>
          ) : null}
          {story.is_published ? (
            <Link to={`/article/${encodeURIComponent(story.slug)}`} className={linkClass}>
              {messages.liveDeskReadersPage}
            </Link>
          ) : null}
        </p>
      </header>

      {running ? (
        <section className="rounded-lg bg-white p-4 shadow-sm dark:bg-neutral-900">
          <LiveComposer slug={story.slug} staffId={staffId} other={other} />
        </section>
      ) : (
        <p role="status" className="rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {live ? messages.liveDeskEnded : messages.liveDeskNotLive}
        </p>
      )}

      <LiveUpdatesList slug={story.slug} updates={desk.updates} hasMore={desk.has_more} />
    </div>
  );
}
