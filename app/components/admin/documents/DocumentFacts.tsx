import { sectionClass } from "~/components/admin/article-form/styles";
import { fileSize } from "~/components/documents/file-size";
import { useFormatNumber, useMessages, useTranslate } from "~/contexts/i18n";
import type { DocumentDetailJson, DocumentFileJson } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { languageNameIn } from "~/lib/language-names";
import { languageConfig } from "~/lib/languages";
import { LANGUAGES } from "~/lib/limits";

const TEXTS = [
  ["title", "documentColumnTitle"],
  ["description", "documentDescriptionIn"],
  ["source", "documentSourceIn"],
] as const;

/** The document's title, description and source in each language it has them. */
export function DocumentTexts({ document }: { document: DocumentDetailJson }) {
  const messages = useMessages();
  const text = (field: string, language: string) => document[`${field}_${language}` as keyof DocumentDetailJson] as string | null;
  const languages = LANGUAGES.filter((language) => TEXTS.some(([field]) => text(field, language)));
  return (
    <section className={sectionClass}>
      <h2 className="text-lg font-semibold">{messages.documentTextsHeading}</h2>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {languages.map((language) => {
          const name = languageNameIn(messages, language);
          return (
            <dl key={language} lang={languageConfig(language).tag} className="space-y-2">
              {TEXTS.map(([field, label]) =>
                text(field, language) ? (
                  <div key={field}>
                    <dt className="text-xs font-semibold uppercase tracking-wide text-neutral-600 dark:text-neutral-400">
                      {field === "title" ? formatMessage(messages.documentTitleIn, { language: name }) : formatMessage(messages[label], { language: name })}
                    </dt>
                    <dd className="whitespace-pre-wrap break-words">{text(field, language)}</dd>
                  </div>
                ) : null,
              )}
            </dl>
          );
        })}
      </div>
      {document.tags.length > 0 ? (
        <p className="mt-3 text-sm">
          <span className="font-semibold">{messages.documentTagsLabel}: </span>
          {document.tags.map((tag) => tag.name).join(", ")}
        </p>
      ) : null}
    </section>
  );
}

/** A size as readers see the published file's (documents/file-size.ts), in the interface's digits. */
function useFormatSize(): (bytes: number) => string {
  const formatNumber = useFormatNumber();
  const t = useTranslate();
  return (bytes) => {
    const { key, size } = fileSize(bytes);
    return t(key, { size: formatNumber(size) });
  };
}

/** The original and, once made, the prepared file: what the newsroom holds and what it would publish. */
export function DocumentFiles({ document }: { document: DocumentDetailJson }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const formatSize = useFormatSize();
  const row = (label: string, value: React.ReactNode) => (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2">
      <dt className="text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="min-w-0 break-all">{value}</dd>
    </div>
  );
  const preparedHow = (prepared: NonNullable<DocumentDetailJson["prepared"]>) => {
    if (!prepared.flatten) return messages.documentPreparedRewritten;
    const how = prepared.dpi === null ? messages.documentPreparedFlatDefault : formatMessage(messages.documentPreparedFlat, { dpi: formatNumber(prepared.dpi) });
    return prepared.ocr ? formatMessage(messages.documentPreparedOcr, { how }) : how;
  };
  const file = (heading: string, data: DocumentFileJson, extra: React.ReactNode) => (
    <div>
      <h3 className="font-semibold">{heading}</h3>
      <dl className="mt-2 space-y-1 text-sm">
        {extra}
        {row(messages.documentFileSize, <span className="tabular-nums">{formatSize(data.size)}</span>)}
        {row(messages.documentFilePages, data.pages === null ? messages.documentNotExamined : formatNumber(data.pages))}
        {row(messages.documentFileSha, <code className="font-mono text-xs">{data.sha256}</code>)}
      </dl>
    </div>
  );
  return (
    <section className={sectionClass}>
      <h2 className="text-lg font-semibold">{messages.documentFilesHeading}</h2>
      <div className="mt-3 grid gap-5 md:grid-cols-2">
        {file(messages.documentFileOriginal, document.original, row(messages.documentFileName, document.original.name))}
        {document.prepared
          ? file(
              messages.documentFilePrepared,
              document.prepared,
              row(
                messages.documentPrepareHeading,
                preparedHow(document.prepared),
              ),
            )
          : null}
      </div>
    </section>
  );
}
