import { Anchor } from "~/components/i18n/anchor";
import { useLocale, useMessages } from "~/contexts/i18n";
import type { LiveCoverage, LiveUpdate } from "~/lib/api-types";
import { languageConfig } from "~/lib/languages";
import { island } from "~/islands/Island";
import { isRunning } from "./LiveBadge";
import { LIVE_FRESH_ID, LIVE_STREAM_ID, LiveFollow } from "./follow/LiveFollow";
import { WHILE_RUNNING } from "./follow/live-marks";
import { LiveUpdateItem } from "./LiveUpdateItem";

const LiveFollowIsland = island("live-follow", LiveFollow);

/** What the article page loads of a live story's updates (server/services/live-page.ts). */
export interface LiveStreamData {
  pinned: LiveUpdate[];
  updates: LiveUpdate[];
  shared: LiveUpdate | null;
  changeId: number;
  olderBefore: number | null;
  /** The `before` this page was asked with: an older page, which does not follow the stream. */
  before: number | null;
  pollSeconds: number;
}

const onThisPage = (stream: LiveStreamData, id: number) => [...stream.pinned, ...stream.updates].some((update) => update.id === id);

/**
 * A live story's updates (issue 39), newest first, the pinned ones above, each with its own
 * address; the one a shared address names first of all. Complete as loaded: while coverage runs,
 * a link reloads it for the latest, and the island (LiveFollow) brings new ones without a reload.
 * Older updates are a page of their own (`?before=`), never loaded as the reader scrolls.
 */
export function LiveStream({ slug, live, stream }: { slug: string; live: LiveCoverage; stream: LiveStreamData }) {
  const messages = useMessages();
  const lang = languageConfig(useLocale()).tag;
  const running = isRunning(live);
  const following = running && stream.before === null;
  const path = `/article/${slug}`;
  const newestId = Math.max(0, ...stream.pinned.map((update) => update.id), ...stream.updates.map((update) => update.id));
  const empty = stream.pinned.length === 0 && stream.updates.length === 0;
  return (
    <section id="live" aria-labelledby="live-heading" className="mt-10 scroll-mt-24">
      <div lang={lang} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b-2 border-brand pb-1">
        <h2 id="live-heading" className="text-xl font-black">
          {messages.liveUpdates}
        </h2>
        {/* "?" makes it a load of the page even from its own address: a bare "#live" would only scroll. */}
        {following ? (
          <Anchor to={`${path}?#live`} {...{ [WHILE_RUNNING]: "" }} className="text-sm font-semibold text-brand underline-offset-2 hover:underline dark:text-red-400">
            {messages.liveRefresh}
          </Anchor>
        ) : null}
      </div>
      {following ? <LiveFollowIsland slug={slug} changeId={stream.changeId} newestId={newestId} pollSeconds={stream.pollSeconds} /> : null}
      {/* The update an address names, when this page of the stream does not hold it, first of all. */}
      {stream.shared && !onThisPage(stream, stream.shared.id) ? (
        <div className="mt-4">
          <p lang={lang} className="text-sm font-bold text-brand dark:text-red-400">
            {messages.liveSharedUpdate}
          </p>
          <LiveUpdateItem update={stream.shared} slug={slug} highlighted />
        </div>
      ) : null}
      <div id={LIVE_STREAM_ID} className="mt-2 space-y-2 [overflow-anchor:none]">
        {stream.pinned.map((update) => (
          <LiveUpdateItem key={update.id} update={update} slug={slug} />
        ))}
        <div id={LIVE_FRESH_ID} className="contents" />
        {stream.updates.map((update) => (
          <LiveUpdateItem key={update.id} update={update} slug={slug} />
        ))}
        {empty ? (
          <p lang={lang} className="py-4 text-neutral-600 dark:text-neutral-400">
            {messages.liveNoUpdates}
          </p>
        ) : null}
      </div>
      <nav lang={lang} className="mt-4 flex flex-wrap justify-between gap-4 text-sm font-semibold">
        {stream.before !== null ? (
          <Anchor to={`${path}#live`} className="text-brand underline-offset-2 hover:underline dark:text-red-400">
            {messages.liveNewest}
          </Anchor>
        ) : null}
        {stream.olderBefore !== null ? (
          <Anchor to={`${path}?before=${stream.olderBefore}#live`} className="text-brand underline-offset-2 hover:underline dark:text-red-400">
            {messages.liveOlder}
          </Anchor>
        ) : null}
      </nav>
    </section>
  );
}
