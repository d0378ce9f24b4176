import { useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { useLanguage, useMessages } from "~/contexts/i18n";
import { useNotify } from "~/components/notifications/notifications";
import { apiRequest } from "~/lib/api-client";
import { articleFromApi } from "~/lib/api-articles";
import type { ApiArticleDetail, ArticleDetail, RevisionComparison, RevisionField, RevisionSummary } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import type { MessageKey } from "~/lib/messages";
import { hintClass, labelClass, secondaryButton, sectionClass, smallButton } from "./styles";

const FIELD_LABELS: Record<RevisionField, MessageKey> = {
  title: "articleTitle",
  meta_title: "metaTitle",
  meta_description: "metaDescription",
  content: "content",
  category: "category",
  writer: "writer",
  language: "language",
  tags: "tags",
  media: "revisionMedia",
};

interface RevisionsPanelProps {
  slug: string;
  /** The stored version: the list is fetched again whenever it moves on. */
  version: string;
  /** Unsaved changes on screen: a restore would replace them, so it waits for a save or a discard. */
  dirty: boolean;
  onRestored: (saved: ArticleDetail) => void;
}

/**
 * Issue 15: every kept version of the story, newest first; what changed between any two, as words
 * added and removed; and a restore, which saves the chosen version as a new revision.
 */
export function RevisionsPanel({ slug, version, dirty, onRestored }: RevisionsPanelProps) {
  const messages = useMessages();
  const { formatDateTime } = useLanguage();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const id = useId();
  const base = `/api/news/${encodeURIComponent(slug)}/revisions`;
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);
  const [comparison, setComparison] = useState<RevisionComparison | null>(null);
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void apiRequest<{ revisions: RevisionSummary[] }>(base).then((result) => {
      if (!current) return;
      setFailed(!result.ok);
      if (!result.ok) return;
      const list = result.data.revisions;
      setRevisions(list);
      // The newest against the one before it: what the last save changed.
      const [newest, previous] = list;
      setPair(newest ? { from: (previous ?? newest).id, to: newest.id } : null);
      setComparison(null);
    });
    return () => {
      current = false;
    };
  }, [base, version]);

  const label = (revision: RevisionSummary) => formatMessage(messages.revisionNumber, { number: revision.number });
  const kindText = (revision: RevisionSummary) =>
    revision.kind === "restore" && revision.restored_from !== null
      ? formatMessage(messages.revisionRestoredFrom, { number: revision.restored_from })
      : revision.kind === "autosave"
        ? messages.revisionAutosaved
        : messages.revisionSaved;

  async function compare() {
    if (!pair) return;
    setBusy(true);
    const result = await apiRequest<RevisionComparison>(`${base}/compare?from=${pair.from}&to=${pair.to}`);
    setBusy(false);
    if (result.ok) setComparison(result.data);
    else notify(result.error ?? messages.revisionsLoadFailed, "error");
  }

  async function restore(revision: RevisionSummary) {
    setBusy(true);
    const result = await apiRequest<ApiArticleDetail>(`${base}/${revision.id}/restore`, { method: "POST" });
    setBusy(false);
    setRestoring(null);
    if (!result.ok) {
      notify(result.error ?? messages.revisionRestoreFailed, "error");
      return;
    }
    notify(formatMessage(messages.revisionRestored, { number: revision.number }), "success");
    onRestored(articleFromApi(result.data));
    await revalidateLatest(revalidator);
  }

  const picker = (which: "from" | "to", text: string) => (
    <div>
      <label htmlFor={`${id}-${which}`} className={labelClass}>
        {text}
      </label>
      <select
        id={`${id}-${which}`}
        value={pair?.[which] ?? ""}
        onChange={(event) => pair && setPair({ ...pair, [which]: Number(event.target.value) })}
        className="mt-1 block rounded-md border border-neutral-300 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900"
      >
        {(revisions ?? []).map((revision) => (
          <option key={revision.id} value={revision.id}>
            {label(revision)} · {formatDateTime(revision.saved_at)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className={`${sectionClass} mt-6 space-y-4`} data-revisions>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {messages.revisionsHeading}
      </h2>
      <p className={hintClass}>{messages.revisionsIntro}</p>
      {failed ? <p role="alert">{messages.revisionsLoadFailed}</p> : null}
      {revisions === null && !failed ? <p className={hintClass}>{messages.loading}</p> : null}
      {revisions && revisions.length > 0 ? (
        <>
          <ol className="max-h-96 divide-y divide-neutral-200 overflow-y-auto rounded-md border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
            {revisions.map((revision, index) => (
              <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {label(revision)} · <time dateTime={revision.saved_at}>{formatDateTime(revision.saved_at)}</time>
                  </p>
                  <p className="text-sm text-neutral-700 dark:text-neutral-300">
                    {kindText(revision)} · {revision.user_name ?? messages.revisionNoName} · {formatMessage(messages.revisionWords, { count: revision.word_count })}
                  </p>
                </div>
                {index === 0 ? (
                  <span className="text-sm font-medium text-neutral-700 dark:text-neutral-300">{messages.revisionCurrent}</span>
                ) : (
                  <button
                    type="button"
                    className={smallButton}
                    disabled={busy || dirty}
                    aria-describedby={dirty ? `${id}-dirty` : undefined}
                    onClick={() => setRestoring(revision)}
                  >
                    {messages.restoreRevision} <span className="sr-only">{label(revision)}</span>
                  </button>
                )}
              </li>
            ))}
          </ol>
          {dirty ? (
            <p id={`${id}-dirty`} className={hintClass}>
              {messages.restoreNeedsSave}
            </p>
          ) : null}
          {revisions.length > 1 ? (
            <div className="flex flex-wrap items-end gap-3">
              {picker("from", messages.compareFrom)}
              {picker("to", messages.compareTo)}
              <button type="button" className={secondaryButton} disabled={busy} onClick={() => void compare()}>
                {messages.showChanges}
              </button>
            </div>
          ) : null}
          {comparison ? <RevisionDiff comparison={comparison} /> : null}
        </>
      ) : null}
      <ConfirmDialog
        open={restoring !== null}
        message={restoring ? formatMessage(messages.confirmRestoreRevision, { number: restoring.number }) : ""}
        confirmLabel={messages.restoreRevision}
        busy={busy}
        onConfirm={() => restoring && void restore(restoring)}
        onCancel={() => setRestoring(null)}
      />
    </section>
  );
}

/** Each changed field, its removed words struck through and its added words underlined. */
function RevisionDiff({ comparison }: { comparison: RevisionComparison }) {
  const messages = useMessages();
  const heading = formatMessage(messages.revisionChangesBetween, { from: comparison.from.number, to: comparison.to.number });
  return (
    <div aria-live="polite" className="space-y-4 rounded-md border border-neutral-200 p-3 dark:border-neutral-800" data-revision-diff>
      <h3 className="font-bold">{heading}</h3>
      {comparison.changes.length === 0 ? <p>{messages.revisionsSame}</p> : null}
      {comparison.changes.map((change) => (
        <div key={change.field}>
          <h4 className="text-sm font-semibold">{messages[FIELD_LABELS[change.field]]}</h4>
          <p className="mt-1 whitespace-pre-wrap break-words">
            {change.parts.map((part, i) =>
              part.change === "same" ? (
                <span key={i}>{part.text}</span>
              ) : part.change === "added" ? (
                <ins key={i} className="bg-green-100 text-green-950 underline decoration-2 dark:bg-green-950 dark:text-green-100">
                  <span className="sr-only">{messages.diffAdded} </span>
                  {part.text}
                </ins>
              ) : (
                <del key={i} className="bg-red-100 text-red-950 line-through dark:bg-red-950 dark:text-red-100">
                  <span className="sr-only">{messages.diffRemoved} </span>
                  {part.text}
                </del>
              ),
            )}
          </p>
        </div>
      ))}
    </div>
  );
}
