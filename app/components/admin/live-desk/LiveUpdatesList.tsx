import { useId, useState } from "react";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { dangerSmallButton, fieldClass, labelClass, primaryButton, secondaryButton, smallButton } from "~/components/admin/article-form/styles";
import { useLanguage, useMessages } from "~/contexts/i18n";
import { formatMessage } from "~/lib/format-message";
import { LIVE_HEADLINE_MAX } from "~/lib/limits";
import { editableBody, updateBodyHtml } from "~/lib/live-desk-text";
import type { LiveDeskUpdate } from "~/server/services/live-desk";

/**
 * The story's updates on the live desk (issue 39), newest first, to correct as the night goes on:
 * edit one (readers see it marked as edited), pin or unpin it, delete it after a confirmation.
 * Each member changes their own; editors and admins any (the server decides, may_change only
 * hides what it would refuse). Every change is in the audit trail.
 */
export function LiveUpdatesList({ slug, updates, hasMore }: { slug: string; updates: LiveDeskUpdate[]; hasMore: boolean }) {
  const messages = useMessages();
  const id = useId();
  const write = useAdminWrite();
  const [deleting, setDeleting] = useState<LiveDeskUpdate | null>(null);
  const [busy, setBusy] = useState(false);
  const path = (update: LiveDeskUpdate) => `/api/news/${encodeURIComponent(slug)}/updates/${update.id}`;

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    await write(path(deleting), { method: "DELETE" }, { success: messages.liveUpdateDeletedNotice, failure: messages.liveUpdateChangeFailed });
    setBusy(false);
    setDeleting(null);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {messages.liveUpdatesHeading}
      </h2>
      {updates.length === 0 ? <p className="text-neutral-600 dark:text-neutral-400">{messages.liveNoUpdates}</p> : null}
      <ol className="space-y-3">
        {updates.map((update) => (
          <li key={update.id}>
            <UpdateCard slug={slug} update={update} onDelete={() => setDeleting(update)} />
          </li>
        ))}
      </ol>
      {hasMore ? <p className="text-sm text-neutral-600 dark:text-neutral-400">{messages.liveUpdateOlder}</p> : null}
      <ConfirmDialog open={deleting !== null} message={messages.liveUpdateDeleteConfirm} busy={busy} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}

function UpdateCard({ slug, update, onDelete }: { slug: string; update: LiveDeskUpdate; onDelete: () => void }) {
  const messages = useMessages();
  const { formatDateTime } = useLanguage();
  const write = useAdminWrite();
  const id = useId();
  const [editing, setEditing] = useState<{ text: string; headline: string; pictures: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const time = formatDateTime(update.published_at);
  const path = `/api/news/${encodeURIComponent(slug)}/updates/${update.id}`;

  async function change(json: object, success: string) {
    setBusy(true);
    const result = await write(path, { method: "PUT", json }, { success, failure: messages.liveUpdateChangeFailed });
    setBusy(false);
    if (result.ok) setEditing(null);
  }

  return (
    <article
      aria-labelledby={`${id}-meta`}
      className={`rounded-lg bg-white p-4 shadow-sm dark:bg-neutral-900 ${update.pinned ? "border-l-4 border-brand" : ""}`}
    >
      <p id={`${id}-meta`} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-600 dark:text-neutral-400">
        {update.pinned ? <span className="rounded bg-brand px-1.5 py-0.5 text-xs font-bold text-white">{messages.liveUpdatePinned}</span> : null}
        <time dateTime={update.published_at} className="font-semibold text-neutral-900 dark:text-neutral-100">
          {time}
        </time>
        {update.author ? <span>· {update.author.name}</span> : null}
        {update.edited_at ? (
          <span>
            · <time dateTime={update.edited_at}>{formatMessage(messages.liveUpdateEdited, { time: formatDateTime(update.edited_at) })}</time>
          </span>
        ) : null}
      </p>
      {editing ? (
        <div className="mt-3 space-y-3">
          <div>
            <label htmlFor={`${id}-headline`} className={labelClass}>
              {messages.liveUpdateHeadline}
            </label>
            <input id={`${id}-headline`} value={editing.headline} maxLength={LIVE_HEADLINE_MAX} onChange={(event) => setEditing({ ...editing, headline: event.target.value })} className={fieldClass} />
          </div>
          <div>
            <label htmlFor={`${id}-text`} className={labelClass}>
              {messages.liveUpdateText}
            </label>
            <textarea id={`${id}-text`} value={editing.text} onChange={(event) => setEditing({ ...editing, text: event.target.value })} rows={4} className={fieldClass} />
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={primaryButton}
              disabled={busy}
              onClick={() => void change({ headline: editing.headline, body: updateBodyHtml(editing.text, null, editing.pictures) }, messages.liveUpdateSaved)}
            >
              {messages.save}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setEditing(null)}>
              {messages.cancel}
            </button>
          </div>
        </div>
      ) : (
        <>
          {update.headline ? <h3 className="mt-2 text-lg font-bold">{update.headline}</h3> : null}
          {/* Sanitised by the server with the article body's allowlist when it was stored. */}
          <div
            className="mt-2 space-y-2 break-words [&_figcaption]:mt-1 [&_figcaption]:text-sm [&_figcaption]:text-neutral-600 dark:[&_figcaption]:text-neutral-400 [&_img]:max-h-64 [&_img]:rounded-md"
            dangerouslySetInnerHTML={{ __html: update.body }}
          />
          {update.may_change ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className={smallButton} aria-label={formatMessage(messages.liveUpdateEditNamed, { time })} onClick={() => setEditing({ headline: update.headline, ...editableBody(update.body) })}>
                {messages.edit}
              </button>
              <button
                type="button"
                className={smallButton}
                disabled={busy}
                aria-label={formatMessage(update.pinned ? messages.liveUpdateUnpinNamed : messages.liveUpdatePinNamed, { time })}
                onClick={() => void change({ pinned: !update.pinned }, update.pinned ? messages.liveUpdateUnpinnedNotice : messages.liveUpdatePinnedNotice)}
              >
                {update.pinned ? messages.liveUpdateUnpin : messages.liveUpdatePin}
              </button>
              <button type="button" className={dangerSmallButton} aria-label={formatMessage(messages.liveUpdateDeleteNamed, { time })} onClick={onDelete}>
                {messages.delete}
              </button>
            </div>
          ) : null}
        </>
      )}
    </article>
  );
}
