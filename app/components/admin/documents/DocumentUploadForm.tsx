import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { UploadProgress } from "~/components/admin/article-form/UploadProgress";
import { errorClass, hintClass, labelClass, primaryButton, sectionClass } from "~/components/admin/article-form/styles";
import { useHydrated } from "~/components/admin/use-hydrated";
import { useFormatNumber, useLocalizePath, useMessages } from "~/contexts/i18n";
import { documentPath } from "~/lib/admin-paths";
import type { Tag } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { DocumentDetailsFields, emptyDetails, filledTexts, firstTitleId, hasTitle } from "./DocumentDetailsFields";
import { type UploadField, uploadDocument } from "./upload-document";

/** A first guess from the name or the browser's type; the server tells by the bytes (documents/file-kind.ts). */
const ACCEPTED_NAME = /\.(pdf|jpe?g|png|webp)$/i;
const ACCEPTED_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"];

/**
 * Issue 38's upload: a PDF, or a photo or scan of a document, with its title, description and
 * source in each of the site's languages, its date and tags. The file goes up with a progress bar,
 * then the document's page follows its examination. A refusal is said next to the field it
 * concerns, and everything typed stays.
 */
export function DocumentUploadForm({ tags, maxBytes }: { tags: Tag[]; maxBytes: number }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const hydrated = useHydrated();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [details, setDetails] = useState(emptyDetails);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<UploadField, string>>>({});
  const maxMb = formatNumber(Math.round(maxBytes / 1024 / 1024));

  /** The checks the server makes again, made first so a wrong file is not sent for nothing. */
  function checked(): Partial<Record<UploadField, string>> {
    if (!file) return { file: messages.noFile };
    if (!ACCEPTED_NAME.test(file.name) && !ACCEPTED_TYPES.includes(file.type)) return { file: messages.documentNotPdf };
    if (file.size > maxBytes) return { file: formatMessage(messages.documentTooLarge, { max: maxMb }) };
    if (!hasTitle(details)) return { title: messages.documentTitleRequired };
    return {};
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = checked();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusError(found);
      return;
    }
    const body = new FormData();
    body.set("file", file!);
    for (const [name, value] of filledTexts(details)) body.set(name, value);
    if (details.date) body.set("date", details.date);
    body.set("tags", JSON.stringify(details.tags));
    setProgress(0);
    const result = await uploadDocument(body, setProgress);
    setProgress(null);
    if (result.ok) {
      void navigate(localize(documentPath(result.document.id)), { state: { uploaded: true } });
      return;
    }
    const message = [result.error ?? messages.documentUploadFailed, result.retryAfter ? formatMessage(messages.documentRetryIn, { seconds: formatNumber(result.retryAfter) }) : ""]
      .filter(Boolean)
      .join(" ");
    const refused = { [result.field]: message };
    setErrors(refused);
    focusError(refused);
  }

  function focusError(found: Partial<Record<UploadField, string>>) {
    const field = (["file", "title", "tags", "form"] as const).find((name) => found[name]);
    if (field === "file") fileInput.current?.focus();
    else if (field === "title") document.getElementById(firstTitleId(id))?.focus();
    else if (field) document.getElementById(`${id}-${field}`)?.focus();
  }

  const errorId = (field: UploadField) => `${id}-${field}-error`;
  const errorOf = (field: UploadField) =>
    errors[field] ? (
      <p id={errorId(field)} role="alert" className={errorClass} data-error-for={field}>
        {errors[field]}
      </p>
    ) : null;
  const busy = progress !== null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 max-w-3xl space-y-6">
      <section className={sectionClass}>
        <label htmlFor={`${id}-file`} className={labelClass}>
          {messages.documentFileLabel}
        </label>
        <p id={`${id}-file-hint`} className={hintClass}>
          {formatMessage(messages.documentFileHint, { max: maxMb })}
        </p>
        <input
          ref={fileInput}
          id={`${id}-file`}
          name="file"
          type="file"
          accept={[".pdf", ".jpg", ".jpeg", ".png", ".webp", ...ACCEPTED_TYPES].join(",")}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${id}-file-hint${errors.file ? ` ${errorId("file")}` : ""}`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setErrors(({ file: _, ...rest }) => rest);
          }}
          className="mt-2 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-neutral-200 file:px-3 file:py-2 file:font-medium dark:file:bg-neutral-800 dark:file:text-neutral-100"
        />
        {errorOf("file")}
        {progress !== null && file ? <UploadProgress name={file.name} fraction={progress} /> : null}
      </section>

      <DocumentDetailsFields id={id} tags={tags} value={details} onChange={setDetails} errors={{ title: errors.title, tags: errors.tags }} />

      <div id={`${id}-form`} tabIndex={-1}>
        {errorOf("form")}
      </div>
      <button type="submit" disabled={!hydrated || busy} className={primaryButton}>
        {busy ? messages.pleaseWait : messages.documentUploadSubmit}
      </button>
    </form>
  );
}
