import { useEffect, useId, useState } from "react";
import { documentTitle } from "~/components/admin/documents/document-labels";
import { Dialog } from "~/components/ui/Dialog";
import { useI18n, useMessages } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import type { DocumentJson, DocumentsPage } from "~/lib/api-types";
import { documentPath } from "~/lib/document-path";
import { formatMessage } from "~/lib/format-message";
import { localizePath } from "~/lib/i18n";
import { languageConfig } from "~/lib/languages";
import type { Language } from "~/lib/limits";
import { errorClass, fieldClass, hintClass, labelClass, primaryButton, secondaryButton } from "./styles";

/** The documents offered: the newest whose title holds what is typed, as many as one list call gives. */
const OFFERED = 100;
/** How long typing must pause before the server is asked: not a request per keystroke on a slow line. */
const SEARCH_PAUSE_MS = 250;

interface CiteDocumentDialogProps {
  open: boolean;
  /** The story's language: the citation opens the document in its edition, as the story's other links do. */
  language: Language;
  /** Whether the editor has text selected, which becomes the link's text. */
  hasSelection: boolean;
  onClose: () => void;
  onInsert: (citation: { href: string; text: string }) => void;
}

/** The address readers open a document's page at (issue 38): `/documents/{slug}#p=N`, in the story's edition. */
export function citationHref(slug: string, page: number, language: Language, defaultLocale: Language): string {
  return `${localizePath(documentPath(encodeURIComponent(slug)), language, defaultLocale)}#p=${page}`;
}

/**
 * Cites "document X, page N" from a story's text (issue 38): the selected words, or the document's
 * title and page when nothing is selected, become a link to that page of the document.
 */
export function CiteDocumentDialog({ open, language, hasSelection, onClose, onInsert }: CiteDocumentDialogProps) {
  const messages = useMessages();
  const { defaultLocale } = useI18n();
  const id = useId();
  const [documents, setDocuments] = useState<DocumentJson[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [filter, setFilter] = useState("");
  const [chosen, setChosen] = useState<DocumentJson | null>(null);
  const [page, setPage] = useState("1");
  const [error, setError] = useState<string | null>(null);

  // The server finds the titles (the library may hold thousands); the last answer stands until the next arrives.
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const q = filter.trim();
      void apiRequest<DocumentsPage>(`/api/documents?limit=${OFFERED}${q ? `&q=${encodeURIComponent(q)}` : ""}`, { signal: abort.signal }).then((result) => {
        if (abort.signal.aborted) return;
        if (result.ok) {
          setDocuments(result.data.documents);
          setFailed(null);
        } else setFailed(result.error ?? messages.documentsFetchFailed);
      });
    }, documents === null ? 0 : SEARCH_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
    // `documents` only says whether a first answer came: a new answer must not ask again.
  }, [open, filter, messages.documentsFetchFailed]);

  function close() {
    setFilter("");
    setChosen(null);
    setPage("1");
    setError(null);
    onClose();
  }

  function insert() {
    if (!chosen) {
      setError(messages.citeDocumentChoose);
      return;
    }
    const number = Number(page);
    if (!Number.isInteger(number) || number < 1 || (chosen.pages !== null && number > chosen.pages)) {
      setError(formatMessage(messages.citeDocumentPageRange, { pages: chosen.pages ?? 1 }));
      return;
    }
    const title = documentTitle(chosen, language, messages);
    onInsert({ href: citationHref(chosen.slug, number, language, defaultLocale), text: formatMessage(messages.citeDocumentText, { title, page: languageConfig(language).formatNumber(number) }) });
    close();
  }

  const shown = documents ?? [];

  return (
    <Dialog open={open} onClose={close} title={messages.citeDocument}>
      <p className={hintClass}>{hasSelection ? messages.citeDocumentSelectionHint : messages.citeDocumentNoSelectionHint}</p>
      <label htmlFor={`${id}-filter`} className={`${labelClass} mt-4`}>
        {messages.citeDocumentSearch}
      </label>
      <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} className={fieldClass} />
      {failed ? (
        <p role="alert" className={errorClass}>
          {failed}
        </p>
      ) : documents === null ? (
        <p className={hintClass}>{messages.pleaseWait}</p>
      ) : shown.length === 0 ? (
        <p className={hintClass}>{messages.documentsNone}</p>
      ) : (
        <fieldset className="mt-3 max-h-60 overflow-y-auto rounded-md border border-neutral-200 p-2 dark:border-neutral-700">
          <legend className="sr-only">{messages.adminDocuments}</legend>
          {shown.map((document) => (
            <label key={document.id} className="flex items-start gap-2 rounded px-1 py-1.5 hover:bg-neutral-50 dark:hover:bg-neutral-800">
              <input
                type="radio"
                name={`${id}-document`}
                checked={chosen?.id === document.id}
                onChange={() => {
                  setChosen(document);
                  setError(null);
                }}
                className="mt-1 h-4 w-4 accent-brand"
              />
              <span>
                {documentTitle(document, language, messages)}
                {document.published_at ? null : <span className="text-sm text-neutral-600 dark:text-neutral-400"> ({messages.citeDocumentUnpublished})</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <label htmlFor={`${id}-page`} className={`${labelClass} mt-4`}>
        {messages.citeDocumentPage}
      </label>
      <input
        id={`${id}-page`}
        type="number"
        inputMode="numeric"
        min={1}
        max={chosen?.pages ?? undefined}
        value={page}
        onChange={(event) => setPage(event.target.value)}
        className={`${fieldClass} max-w-32`}
      />
      {error ? (
        <p role="alert" className={errorClass}>
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={close} className={secondaryButton}>
          {messages.cancel}
        </button>
        <button type="button" onClick={insert} className={primaryButton}>
          {messages.citeDocumentInsert}
        </button>
      </div>
    </Dialog>
  );
}
