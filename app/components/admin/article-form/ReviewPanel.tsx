import { useId, useState } from "react";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { useNewsroomRole } from "~/components/admin/use-newsroom-role";
import { useLanguage, useMessages } from "~/contexts/i18n";
import type { ReviewState } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { REVIEW_NOTE_MAX } from "~/lib/limits";
import { fieldClass, hintClass, labelClass, primaryButton, secondaryButton, sectionClass } from "./styles";

interface ReviewPanelProps {
  slug: string;
  published: boolean;
  review: ReviewState;
  /** Unsaved changes in the form: the editors review what is saved, so handing in waits for a save. */
  dirty: boolean;
}

/**
 * Where a story stands in review (issue 15), and the step its reader may take: its author hands a
 * draft in, an editor sends it back saying what to change, or asks for a legal review. The notes
 * of every step are listed, newest first, so the author reads the editor's note first.
 */
export function ReviewPanel({ slug, published, review, dirty }: ReviewPanelProps) {
  const messages = useMessages();
  const { formatDateTime } = useLanguage();
  const role = useNewsroomRole();
  const write = useAdminWrite();
  const id = useId();
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const path = `/api/news/${encodeURIComponent(slug)}/review`;
  const editor = role.can("editEveryArticle");

  async function act(target: string, method: "POST" | "PUT", body: object, success: string) {
    setBusy(true);
    const result = await write(target, { method, json: body }, { success, failure: messages.reviewActionFailed });
    setBusy(false);
    if (result.ok) setNote("");
  }

  const noteField = (label: string) => (
    <div>
      <label htmlFor={`${id}-note`} className={labelClass}>
        {label}
      </label>
      <textarea id={`${id}-note`} value={note} onChange={(event) => setNote(event.target.value)} maxLength={REVIEW_NOTE_MAX} rows={3} className={fieldClass} />
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className={`${sectionClass} mt-6 space-y-4`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {messages.adminReview}
      </h2>
      {published ? null : (
        <p className="font-medium">
          {review.submitted_at ? formatMessage(messages.inReviewSince, { time: formatDateTime(review.submitted_at) }) : messages.notInReviewYet}
        </p>
      )}

      {editor ? (
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            checked={review.legal_review}
            disabled={busy}
            onChange={(event) => void act(path, "PUT", { legal_review: event.target.checked }, messages.legalReviewSaved)}
            className="mt-1 h-4 w-4 accent-brand"
          />
          <span>{messages.legalReviewLabel}</span>
        </label>
      ) : review.legal_review ? (
        <p className={hintClass}>{messages.legalReviewLabel}</p>
      ) : null}

      {!published && !review.submitted_at ? (
        <div className="space-y-3">
          {noteField(messages.reviewNoteForEditors)}
          <button type="button" className={primaryButton} disabled={busy || dirty} aria-describedby={dirty ? `${id}-dirty` : undefined} onClick={() => void act(path, "POST", { note }, messages.submittedForReview)}>
            {messages.submitForReview}
          </button>
          {dirty ? (
            <p id={`${id}-dirty`} className={hintClass}>
              {messages.saveBeforeReview}
            </p>
          ) : null}
        </div>
      ) : null}

      {!published && review.submitted_at && editor ? (
        <div className="space-y-3">
          {noteField(messages.whatToChange)}
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => void act(`${path}/return`, "POST", { note }, messages.sentBackToDraft)}>
            {messages.sendBackToDraft}
          </button>
        </div>
      ) : null}

      {review.notes.length > 0 ? (
        <div>
          <h3 className="font-semibold">{messages.reviewHistory}</h3>
          <ol className="mt-2 space-y-3">
            {review.notes.map((entry) => (
              <li key={`${entry.created_at}-${entry.action}`} className="border-l-2 border-neutral-300 pl-3 dark:border-neutral-700">
                <p className="text-sm text-neutral-600 dark:text-neutral-400">
                  {formatMessage(entry.action === "submitted" ? messages.reviewNoteSubmitted : messages.reviewNoteReturned, { name: entry.user_name ?? messages.unknownAuthor })}
                  {" · "}
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                </p>
                {entry.note ? <p className="mt-1 whitespace-pre-line">{entry.note}</p> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
