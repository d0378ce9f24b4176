import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { UploadProgress } from "~/components/admin/article-form/UploadProgress";
import { errorClass, fieldClass, hintClass, labelClass, primaryButton, sectionClass } from "~/components/admin/article-form/styles";
import { useHydrated } from "~/components/admin/use-hydrated";
import { useFormatNumber, useLocalizePath, useMessages } from "~/contexts/i18n";
import { documentPath } from "~/lib/admin-paths";
import type { Tag } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { languageNameIn } from "~/lib/language-names";
import { languageConfig } from "~/lib/languages";
import { LANGUAGES, type Language } from "~/lib/limits";
import { type UploadField, uploadDocument } from "./upload-document";

const TEXTS = ["title", "description", "source"] as const;
/** A first guess from the name or the browser's type; the server tells by the bytes (documents/file-kind.ts). */
const ACCEPTED_NAME = /\.(pdf|jpe?g|png|webp)$/i;
const ACCEPTED_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"];
type TextField = `${(typeof TEXTS)[number]}_${Language}`;

const emptyTexts = (): Record<TextField, string> =>
  Object.fromEntries(LANGUAGES.flatMap((language) => TEXTS.map((text) => [`${text}_${language}`, ""]))) as Record<TextField, string>;

/**
 * Issue 38's upload: a PDF, or a photo or scan of a document, with its title, description and source in each of the site's languages,
 * its date and tags. The file goes up with a progress bar, then the document's page follows its
 * examination. A refusal is said next to the field it concerns, and everything typed stays.
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
  const [texts, setTexts] = useState(emptyTexts);
  const [date, setDate] = useState("");
  const [chosenTags, setChosenTags] = useState<number[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<UploadField, string>>>({});
  const maxMb = formatNumber(Math.round(maxBytes / 1024 / 1024));

  /** The checks the server makes again, made first so a wrong file is not sent for nothing. */
  function checked(): Partial<Record<UploadField, string>> {
    if (!file) return { file: messages.noFile };
    if (!ACCEPTED_NAME.test(file.name) && !ACCEPTED_TYPES.includes(file.type)) return { file: messages.documentNotPdf };
    if (file.size > maxBytes) return { file: formatMessage(messages.documentTooLarge, { max: maxMb }) };
    if (LANGUAGES.every((language) => (texts[`title_${language}`] ?? "").trim() === "")) return { title: messages.documentTitleRequired };
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
    for (const [name, value] of Object.entries(texts)) if (value.trim() !== "") body.set(name, value);
    if (date) body.set("date", date);
    body.set("tags", JSON.stringify(chosenTags));
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
    else if (field === "title") document.getElementById(`${id}-title_${LANGUAGES[0]}`)?.focus();
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
  const firstLanguage = LANGUAGES[0]!;

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

      {LANGUAGES.map((language) => {
        const { tag } = languageConfig(language);
        const name = languageNameIn(messages, language);
        const titleError = language === firstLanguage && errors.title;
        return (
          <fieldset key={language} className={sectionClass}>
            <legend className="sr-only">{name}</legend>
            <div className="space-y-4">
              <div>
                <label htmlFor={`${id}-title_${language}`} className={labelClass}>
                  {formatMessage(messages.documentTitleIn, { language: name })}
                </label>
                <input
                  id={`${id}-title_${language}`}
                  name={`title_${language}`}
                  lang={tag}
                  value={texts[`title_${language}`]}
                  onChange={(event) => setTexts((all) => ({ ...all, [`title_${language}`]: event.target.value }))}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={`${id}-title-hint${titleError ? ` ${errorId("title")}` : ""}`}
                  className={fieldClass}
                />
                {language === firstLanguage ? (
                  <>
                    <p id={`${id}-title-hint`} className={hintClass}>
                      {messages.documentTitleHint}
                    </p>
                    {errorOf("title")}
                  </>
                ) : null}
              </div>
              <div>
                <label htmlFor={`${id}-description_${language}`} className={labelClass}>
                  {formatMessage(messages.documentDescriptionIn, { language: name })}
                </label>
                <textarea
                  id={`${id}-description_${language}`}
                  name={`description_${language}`}
                  lang={tag}
                  rows={3}
                  value={texts[`description_${language}`]}
                  onChange={(event) => setTexts((all) => ({ ...all, [`description_${language}`]: event.target.value }))}
                  className={fieldClass}
                />
              </div>
              <div>
                <label htmlFor={`${id}-source_${language}`} className={labelClass}>
                  {formatMessage(messages.documentSourceIn, { language: name })}
                </label>
                <input
                  id={`${id}-source_${language}`}
                  name={`source_${language}`}
                  lang={tag}
                  value={texts[`source_${language}`]}
                  onChange={(event) => setTexts((all) => ({ ...all, [`source_${language}`]: event.target.value }))}
                  aria-describedby={`${id}-source-hint`}
                  className={fieldClass}
                />
                {language === firstLanguage ? (
                  <p id={`${id}-source-hint`} className={hintClass}>
                    {messages.documentSourceHint}
                  </p>
                ) : null}
              </div>
            </div>
          </fieldset>
        );
      })}

      <section className={`${sectionClass} space-y-4`}>
        <div>
          <label htmlFor={`${id}-date`} className={labelClass}>
            {messages.documentDateLabel}
          </label>
          <input id={`${id}-date`} name="date" type="date" value={date} onChange={(event) => setDate(event.target.value)} className={`${fieldClass} sm:max-w-xs`} />
        </div>
        {tags.length > 0 ? (
          <fieldset aria-describedby={errors.tags ? errorId("tags") : undefined}>
            <legend id={`${id}-tags`} tabIndex={-1} className={labelClass}>
              {messages.documentTagsLabel}
            </legend>
            <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
              {tags.map((tag) => (
                <label key={tag.id} className="flex items-center gap-2 rounded px-1 py-1.5 hover:bg-neutral-50 dark:hover:bg-neutral-800">
                  <input
                    type="checkbox"
                    name="tags"
                    value={tag.id}
                    checked={chosenTags.includes(tag.id)}
                    onChange={(event) => setChosenTags((all) => (event.target.checked ? [...all, tag.id] : all.filter((other) => other !== tag.id)))}
                    className="h-4 w-4 accent-brand"
                  />
                  <span>{tag.name}</span>
                </label>
              ))}
            </div>
            {errorOf("tags")}
          </fieldset>
        ) : null}
      </section>

      <div id={`${id}-form`} tabIndex={-1}>
        {errorOf("form")}
      </div>
      <button type="submit" disabled={!hydrated || busy} className={primaryButton}>
        {busy ? messages.pleaseWait : messages.documentUploadSubmit}
      </button>
    </form>
  );
}
