import { useId, useState } from "react";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { Link } from "~/components/i18n/links";
import { useLanguage, useMessages } from "~/contexts/i18n";
import { articleLivePath } from "~/lib/admin-paths";
import type { LiveCoverage } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { LIVE_KEY_POINTS_MAX } from "~/lib/limits";
import { keyPointsHtml, keyPointsLines } from "~/lib/live-desk-text";
import { fieldClass, hintClass, labelClass, primaryButton, secondaryButton, sectionClass } from "./styles";

/**
 * A story's live coverage (issue 39) on its page in the back office: start it, end it (after
 * saying what ending does), reopen it, and write the key points pinned above its updates. The
 * form is only shown to whoever may edit the story, who is also who may manage its coverage
 * (docs/api.md, "Live coverage"); the updates themselves are posted from the live desk.
 */
export function LivePanel({ slug, live, canPost }: { slug: string; live: LiveCoverage | null; canPost: boolean }) {
  const messages = useMessages();
  const { formatDateTime } = useLanguage();
  const write = useAdminWrite();
  const id = useId();
  const [points, setPoints] = useState(() => keyPointsLines(live?.key_points ?? ""));
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [busy, setBusy] = useState(false);
  const running = live !== null && live.ended_at === null;

  async function change(json: object, success: string) {
    setBusy(true);
    await write(`/api/news/${encodeURIComponent(slug)}/live`, { method: "PUT", json }, { success, failure: messages.liveCoverageFailed });
    setBusy(false);
  }

  return (
    <section aria-labelledby={`${id}-title`} className={`${sectionClass} mt-6 space-y-4`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {messages.liveCoverageHeading}
      </h2>
      <p className={hintClass}>{messages.liveCoverageIntro}</p>
      <p className="font-medium">
        {live === null ? (
          messages.liveNotYet
        ) : running ? (
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full bg-red-600" />
            {formatMessage(messages.liveRunningSince, { time: formatDateTime(live.started_at) })}
          </span>
        ) : (
          formatMessage(messages.liveEndedAt, { time: formatDateTime(live.ended_at!) })
        )}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {live === null ? (
          <button type="button" className={primaryButton} disabled={busy} onClick={() => void change({ started_at: "now", key_points: keyPointsHtml(points) }, messages.liveStartedNotice)}>
            {messages.liveStart}
          </button>
        ) : running ? (
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => setConfirmEnd(true)}>
            {messages.liveEnd}
          </button>
        ) : (
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => void change({ ended_at: null }, messages.liveReopenedNotice)}>
            {messages.liveReopen}
          </button>
        )}
        {live !== null && canPost ? (
          <Link to={articleLivePath(slug)} className="font-semibold text-brand underline underline-offset-2 hover:no-underline">
            {messages.liveOpenDesk}
          </Link>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-points`} className={labelClass}>
          {messages.liveKeyPoints}
        </label>
        <textarea
          id={`${id}-points`}
          value={points}
          onChange={(event) => setPoints(event.target.value)}
          aria-describedby={`${id}-points-hint`}
          maxLength={LIVE_KEY_POINTS_MAX}
          rows={4}
          className={fieldClass}
        />
        <p id={`${id}-points-hint`} className={hintClass}>
          {messages.liveKeyPointsHint}
        </p>
        {live !== null ? (
          <button type="button" className={`${secondaryButton} mt-3`} disabled={busy} onClick={() => void change({ key_points: keyPointsHtml(points) }, messages.liveKeyPointsSaved)}>
            {messages.liveKeyPointsSave}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmEnd}
        message={messages.liveEndConfirm}
        confirmLabel={messages.liveEnd}
        busy={busy}
        onConfirm={async () => {
          await change({ ended_at: "now" }, messages.liveEndedNotice);
          setConfirmEnd(false);
        }}
        onCancel={() => setConfirmEnd(false)}
      />
    </section>
  );
}
