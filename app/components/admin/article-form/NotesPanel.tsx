import { useId, useState } from "react";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { useFormatDate, useMessages } from "~/contexts/i18n";
import type { ArticleNote } from "~/lib/api-types";
import { NOTE_KINDS, NOTE_MAX, type NoteKind } from "~/lib/limits";
import { fieldClass, hintClass, labelClass, primaryButton, secondaryButton, sectionClass } from "./styles";

/** A note's kind and wording as typed: a new one, or a new wording of one already published. */
function NoteFields({ idPrefix, kind, text, onKind, onText }: { idPrefix: string; kind: NoteKind; text: string; onKind: (kind: NoteKind) => void; onText: (text: string) => void }) {
  const messages = useMessages();
  const kindName = { correction: messages.noteKindCorrection, update: messages.noteKindUpdate };
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-kind`} className={labelClass}>
          {messages.noteKind}
        </label>
        <select id={`${idPrefix}-kind`} value={kind} onChange={(event) => onKind(event.target.value === "update" ? "update" : "correction")} className={fieldClass}>
          {NOTE_KINDS.map((value) => (
            <option key={value} value={value}>
              {kindName[value]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-text`} className={labelClass}>
          {messages.noteText}
        </label>
        <textarea id={`${idPrefix}-text`} value={text} onChange={(event) => onText(event.target.value)} maxLength={NOTE_MAX} rows={3} className={fieldClass} />
      </div>
    </>
  );
}

/**
 * Issue 15, for editors on a published story: its dated corrections and updates, a new one, and a
 * new wording of one already there (the earlier wording is kept and shown to readers).
 */
export function NotesPanel({ slug, notes }: { slug: string; notes: ArticleNote[] }) {
  const messages = useMessages();
  const formatDate = useFormatDate();
  const write = useAdminWrite();
  const id = useId();
  const [draft, setDraft] = useState<{ kind: NoteKind; text: string }>({ kind: "correction", text: "" });
  const [amending, setAmending] = useState<{ id: number; kind: NoteKind; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(path: string, method: "POST" | "PUT", body: { kind: NoteKind; text: string }, success: string) {
    setBusy(true);
    const result = await write(path, { method, json: body }, { success, failure: messages.noteFailed });
    setBusy(false);
    return result.ok;
  }

  return (
    <section aria-labelledby={`${id}-title`} className={`${sectionClass} mt-6 space-y-4`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {messages.notesHeading}
      </h2>
      <p className={hintClass}>{messages.notesAdminIntro}</p>
      {notes.length > 0 ? (
        <ol className="space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="border-l-2 border-neutral-300 pl-3 dark:border-neutral-700">
              {amending?.id === note.id ? (
                <div className="space-y-3">
                  <NoteFields
                    idPrefix={`${id}-amend-${note.id}`}
                    kind={amending.kind}
                    text={amending.text}
                    onKind={(kind) => setAmending({ ...amending, kind })}
                    onText={(text) => setAmending({ ...amending, text })}
                  />
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={primaryButton}
                      disabled={busy}
                      onClick={async () => {
                        if (await send(`/api/notes/${note.id}`, "PUT", amending, messages.noteAmendedSaved)) setAmending(null);
                      }}
                    >
                      {messages.saveAmendment}
                    </button>
                    <button type="button" className={secondaryButton} onClick={() => setAmending(null)}>
                      {messages.cancel}
                    </button>
                  </div>
                </div>
              ) : (
                <>
                  <p className="text-sm font-semibold">
                    {note.kind === "correction" ? messages.noteKindCorrection : messages.noteKindUpdate} · <time dateTime={note.created_at}>{formatDate(note.created_at)}</time>
                  </p>
                  <p className="mt-1 whitespace-pre-line">{note.text}</p>
                  <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setAmending({ id: note.id, kind: note.kind, text: note.text })}>
                    {messages.amendNote}
                  </button>
                </>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="space-y-3">
        <NoteFields idPrefix={`${id}-new`} kind={draft.kind} text={draft.text} onKind={(kind) => setDraft({ ...draft, kind })} onText={(text) => setDraft({ ...draft, text })} />
        <button
          type="button"
          className={primaryButton}
          disabled={busy}
          onClick={async () => {
            if (await send(`/api/news/${encodeURIComponent(slug)}/notes`, "POST", draft, messages.noteAdded)) setDraft({ kind: "correction", text: "" });
          }}
        >
          {messages.addNote}
        </button>
      </div>
    </section>
  );
}
