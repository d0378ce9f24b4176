import { useFormatNumber, useLanguage, useMessages } from "~/contexts/i18n";
import { formatMessage } from "~/lib/format-message";
import type { IssueView } from "~/server/newsletter/issues";
import { ISSUE_STATUS_LABELS } from "./issue-labels";

/** An issue's status, and while and after it sends, how many messages went, failed and wait, with a bar. */
export function IssueProgress({ issue }: { issue: IssueView }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const { formatScheduleTime } = useLanguage();
  const total = issue.sent + issue.failed + issue.waiting;
  const done = issue.sent + issue.failed;
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="font-semibold">
        {messages[ISSUE_STATUS_LABELS[issue.status]]}
        {issue.status === "scheduled" && issue.send_at ? (
          <span className="font-normal"> · {formatMessage(messages.newsletterScheduledFor, { time: formatScheduleTime(issue.send_at) })}</span>
        ) : null}
        {issue.status === "sent" && issue.finished_at ? (
          <span className="font-normal"> · {formatMessage(messages.newsletterFinishedAt, { time: formatScheduleTime(issue.finished_at) })}</span>
        ) : null}
      </p>
      {issue.status === "sending" || issue.status === "sent" ? (
        <>
          <progress className="h-3 w-full accent-brand" max={Math.max(total, 1)} value={total === 0 ? 1 : done} aria-label={messages.newsletterProgressLabel} />
          <p className="text-sm tabular-nums">
            {formatMessage(messages.newsletterProgress, { sent: formatNumber(issue.sent), failed: formatNumber(issue.failed), waiting: formatNumber(issue.waiting) })}
          </p>
        </>
      ) : null}
    </div>
  );
}
