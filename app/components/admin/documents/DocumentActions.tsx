import { useId, useState } from "react";
import { errorClass, hintClass, labelClass, primaryButton, sectionClass, secondaryButton } from "~/components/admin/article-form/styles";
import { useNewsroomRole } from "~/components/admin/use-newsroom-role";
import { useFormatDate, useMessages } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import type { DocumentDetailJson } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { languageConfig } from "~/lib/languages";
import { languageNameIn } from "~/lib/language-names";
import { LANGUAGES } from "~/lib/limits";
import { isWorking } from "./document-labels";
import { OverrideDialog } from "./OverrideDialog";
import { WithdrawDocument } from "./WithdrawDocument";

/** The resolutions offered for flattening; the server takes 72 to 300 and draws at 150 by default. */
const DPI_CHOICES = [100, 150, 200, 300] as const;
const DEFAULT_DPI = 150;
/** The languages the server reads pictures in (their `ocrLanguage`). */
const READABLE = LANGUAGES.filter((language) => languageConfig(language).ocrLanguage !== undefined);

type Outcome = { ok: true } | { ok: false; error: string };

/** A write on the document; the server's answer replaces the page's copy, a refusal is said as the server words it. */
async function send(path: string, json: unknown, fallback: string, onChanged: (document: DocumentDetailJson) => void): Promise<Outcome> {
  const result = await apiRequest<{ document: DocumentDetailJson }>(path, { method: "POST", json });
  if (result.ok) {
    onChanged(result.data.document);
    return { ok: true };
  }
  return { ok: false, error: result.error ?? fallback };
}

/**
 * Prepare and publish (issue 38), each shown only to a role that may take it (the server decides
 * again, and its 403 or 409 is shown as it words it): preparing rewrites the original or flattens
 * it to pictures; publishing is refused while findings remain, unless an editor gives a reason.
 */
export function DocumentActions({ document, onChanged }: { document: DocumentDetailJson; onChanged: (document: DocumentDetailJson) => void }) {
  const messages = useMessages();
  const formatDate = useFormatDate();
  const role = useNewsroomRole();
  const id = useId();
  const [flatten, setFlatten] = useState(false);
  const [dpi, setDpi] = useState<number>(DEFAULT_DPI);
  const [ocr, setOcr] = useState(false);
  const [busy, setBusy] = useState<"prepare" | "publish" | "override" | null>(null);
  const [error, setError] = useState<{ action: "prepare" | "publish" | "override"; message: string } | null>(null);
  const [overriding, setOverriding] = useState(false);

  const ownership = { authorId: document.created_by, isPublished: document.published_at !== null };
  const mayChange = role.mayEdit(ownership);
  const working = isWorking(document);
  const published = document.published_at !== null;

  async function run(action: "prepare" | "publish" | "override", path: string, json: unknown): Promise<boolean> {
    setBusy(action);
    setError(null);
    const outcome = await send(path, json, messages.documentActionFailed, onChanged);
    setBusy(null);
    if (!outcome.ok) setError({ action, message: outcome.error });
    return outcome.ok;
  }

  const errorFor = (action: "prepare" | "publish") =>
    error?.action === action ? (
      <p role="alert" className={errorClass} data-error-for={action}>
        {error.message}
      </p>
    ) : null;

  if (published) {
    return (
      <section className={sectionClass} aria-labelledby={`${id}-published`}>
        <h2 id={`${id}-published`} className="text-lg font-semibold">
          {messages.documentPublishHeading}
        </h2>
        <p className="mt-2">{formatMessage(messages.documentPublishedOn, { date: formatDate(document.published_at!) })}</p>
        {document.url ? (
          <p className="mt-2">
            <a href={document.url} className="font-medium text-brand underline underline-offset-2 hover:no-underline dark:text-red-400">
              {messages.documentPublishedFile}
            </a>
          </p>
        ) : null}
        {document.override ? <p className="mt-2 text-sm text-red-800 dark:text-red-300">{formatMessage(messages.documentOverridden, { reason: document.override.reason })}</p> : null}
        {role.can("editEveryArticle") ? <WithdrawDocument document={document} onChanged={onChanged} /> : null}
      </section>
    );
  }

  if (!mayChange) return null;

  return (
    <>
      <section className={sectionClass} aria-labelledby={`${id}-prepare`}>
        <h2 id={`${id}-prepare`} className="text-lg font-semibold">
          {messages.documentPrepareHeading}
        </h2>
        <p className={hintClass}>{messages.documentPrepareIntro}</p>
        <fieldset className="mt-3 space-y-2">
          <legend className="sr-only">{messages.documentPrepareHeading}</legend>
          <label className="flex items-start gap-2">
            <input type="radio" name={`${id}-how`} checked={!flatten} onChange={() => setFlatten(false)} className="mt-1 h-4 w-4 accent-brand" />
            <span>{messages.documentPrepareRewrite}</span>
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" name={`${id}-how`} checked={flatten} onChange={() => setFlatten(true)} className="mt-1 h-4 w-4 accent-brand" />
            <span>{messages.documentPrepareFlatten}</span>
          </label>
        </fieldset>
        {flatten ? (
          <div className="mt-3">
            <label htmlFor={`${id}-dpi`} className={labelClass}>
              {messages.documentPrepareDpi}
            </label>
            <select
              id={`${id}-dpi`}
              value={dpi}
              onChange={(event) => setDpi(Number(event.target.value))}
              className="mt-1 rounded-md border border-neutral-300 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900"
            >
              {DPI_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
            {READABLE.length > 0 ? (
              <>
                <label className="mt-3 flex items-start gap-2">
                  <input type="checkbox" checked={ocr} onChange={(event) => setOcr(event.target.checked)} aria-describedby={`${id}-ocr-hint`} className="mt-1 h-4 w-4 accent-brand" />
                  <span>{formatMessage(messages.documentPrepareOcr, { languages: READABLE.map((language) => languageNameIn(messages, language)).join(", ") })}</span>
                </label>
                <p id={`${id}-ocr-hint`} className={`${hintClass} ms-6`}>
                  {messages.documentPrepareOcrHint}
                </p>
              </>
            ) : null}
          </div>
        ) : null}
        <button
          type="button"
          disabled={working || busy !== null}
          onClick={() => void run("prepare", `/api/documents/${document.id}/prepare`, flatten ? { flatten: true, dpi, ocr } : { flatten: false })}
          className={`${primaryButton} mt-4`}
        >
          {busy === "prepare" ? messages.pleaseWait : messages.documentPrepareSubmit}
        </button>
        {errorFor("prepare")}
      </section>

      {role.can("publish") && document.prepared ? (
        <section className={sectionClass} aria-labelledby={`${id}-publish`}>
          <h2 id={`${id}-publish`} className="text-lg font-semibold">
            {messages.documentPublishHeading}
          </h2>
          <p className={hintClass}>{messages.documentPublishIntro}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" disabled={working || busy !== null} onClick={() => void run("publish", `/api/documents/${document.id}/publish`, {})} className={primaryButton}>
              {busy === "publish" ? messages.pleaseWait : messages.documentPublishSubmit}
            </button>
            {role.can("editEveryArticle") && document.findings.length > 0 ? (
              <button
                type="button"
                disabled={working || busy !== null}
                onClick={() => {
                  setError(null);
                  setOverriding(true);
                }}
                className={secondaryButton}
              >
                {messages.documentOverrideOpen}
              </button>
            ) : null}
          </div>
          {errorFor("publish")}
          {role.can("editEveryArticle") ? (
            <OverrideDialog
              open={overriding}
              findings={document.findings}
              busy={busy === "override"}
              error={error?.action === "override" ? error.message : null}
              onCancel={() => setOverriding(false)}
              onConfirm={(reason) =>
                void run("override", `/api/documents/${document.id}/publish`, { override: { reason } }).then((ok) => {
                  if (ok) setOverriding(false);
                })
              }
            />
          ) : null}
        </section>
      ) : null}
    </>
  );
}
