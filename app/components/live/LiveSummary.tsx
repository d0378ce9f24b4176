import { useLocale } from "~/contexts/i18n";
import { Message } from "~/components/layout/Message";
import type { LiveCoverage } from "~/lib/api-types";
import { languageConfig } from "~/lib/languages";
import { ARTICLE_BODY_STYLES } from "~/components/article/ArticleBody";
import { useMessages } from "~/contexts/i18n";
import { LiveBadge, isRunning } from "./LiveBadge";
import { LiveTime } from "./LiveTime";
import { ENDED_NOTE, KEY_POINTS, KEY_POINTS_BODY, WHILE_RUNNING } from "./follow/live-marks";

/**
 * Above a live story's text (issue 39): "Live" and since when while it runs, when it ended once it
 * has, and the key points the newsroom keeps pinned at the top.
 */
export function LiveSummary({ live }: { live: LiveCoverage }) {
  const messages = useMessages();
  const lang = languageConfig(useLocale()).tag;
  const running = isRunning(live);
  return (
    <div className="my-6 space-y-4">
      <p lang={lang} className="flex flex-wrap items-center gap-3 text-sm font-semibold text-neutral-700 dark:text-neutral-300">
        {running ? (
          <span {...{ [WHILE_RUNNING]: "" }}>
            <LiveBadge />
          </span>
        ) : null}
        {running ? (
          <>
            <span {...{ [WHILE_RUNNING]: "" }}>
              <Message id="liveSince" slots={{ time: <LiveTime iso={live.started_at} relative={false} /> }} />
            </span>
            <span {...{ [ENDED_NOTE]: "" }} hidden />
          </>
        ) : (
          <span>
            <Message id="liveEndedAt" slots={{ time: <LiveTime iso={live.ended_at!} relative={false} /> }} />
          </span>
        )}
      </p>
      {/* While coverage runs it is there though empty (hidden), for key points that come later. */}
      {live.key_points || running ? (
        <section
          aria-labelledby="live-key-points"
          hidden={!live.key_points}
          {...{ [KEY_POINTS]: "" }}
          className="rounded-lg border-l-4 border-brand bg-neutral-50 p-4 dark:bg-neutral-900"
        >
          <h2 id="live-key-points" lang={lang} className="text-lg font-black">
            {messages.liveKeyPoints}
          </h2>
          <div className={`mt-2 ${ARTICLE_BODY_STYLES}`} {...{ [KEY_POINTS_BODY]: "" }} dangerouslySetInnerHTML={{ __html: live.key_points }} />
        </section>
      ) : null}
    </div>
  );
}
