import { useFormatDate, useMessages } from "~/contexts/i18n";
import type { ArticleNote } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";

/**
 * Issue 15: the story's corrections and updates at its end, newest first, each dated. A note whose
 * wording changed says when, and shows what it said before: nothing is corrected silently.
 */
export function ArticleNotes({ notes }: { notes: ArticleNote[] }) {
  const messages = useMessages();
  const formatDate = useFormatDate();
  if (notes.length === 0) return null;
  const kindName = (note: Pick<ArticleNote, "kind">) => (note.kind === "correction" ? messages.noteKindCorrection : messages.noteKindUpdate);
  return (
    <section aria-labelledby="notes-heading" className="mt-10 rounded-lg border-l-4 border-brand bg-neutral-50 p-5 dark:bg-neutral-900">
      <h2 id="notes-heading" className="text-lg font-black">
        {messages.notesHeading}
      </h2>
      <ol className="mt-3 space-y-4">
        {notes.map((note) => (
          <li key={note.id}>
            <p className="text-sm font-semibold">
              {formatMessage(messages.noteDated, { kind: kindName(note), date: formatDate(note.created_at) })}
              {note.amended_at ? <span className="font-normal text-neutral-600 dark:text-neutral-400"> · {formatMessage(messages.noteAmended, { date: formatDate(note.amended_at) })}</span> : null}
            </p>
            <p className="mt-1 whitespace-pre-line">{note.text}</p>
            {note.earlier.length > 0 ? (
              <details className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
                <summary className="cursor-pointer">{messages.noteEarlierWording}</summary>
                <ol className="mt-2 space-y-2">
                  {note.earlier.map((version) => (
                    <li key={version.replaced_at} className="border-l-2 border-neutral-300 pl-3 dark:border-neutral-700">
                      <span className="font-semibold">{kindName(version)}</span>: <span className="whitespace-pre-line">{version.text}</span>
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
