import { Anchor } from "~/components/i18n/anchor";
import { ContentName } from "~/components/i18n/ContentName";
import { Message } from "~/components/layout/Message";
import { useMediaBase } from "~/components/media/use-media-base";
import { useFormatDate, useFormatNumber, useLocale, useMessages, useTranslate } from "~/contexts/i18n";
import type { PublicDocumentJson } from "~/lib/api-types";
import { keyedInLanguage } from "~/lib/bilingual";
import { publicMediaUrl } from "~/lib/media-url";
import { articlePath } from "~/lib/seo/json-ld";
import { fileSize } from "./file-size";

/**
 * What a reader needs to know of a published document before reading it: what it is, where it
 * comes from, its file (with the fingerprint to check a copy against and how), the stories it
 * stands behind, and its tags. Texts the editors gave only in another language keep that `lang`.
 */
export function DocumentDetails({ document }: { document: PublicDocumentJson }) {
  const messages = useMessages();
  const t = useTranslate();
  const locale = useLocale();
  const formatNumber = useFormatNumber();
  const formatDate = useFormatDate();
  const mediaBase = useMediaBase();
  const title = keyedInLanguage(document, "title", locale);
  const description = keyedInLanguage(document, "description", locale);
  const source = keyedInLanguage(document, "source", locale);
  const size = fileSize(document.size);
  const sizeText = t(size.key, { size: formatNumber(size.size) });
  return (
    <header className="space-y-4">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">{messages.documentEyebrow}</p>
      <h1 lang={title?.language} className="text-3xl font-black leading-tight sm:text-4xl">
        {title?.text ?? document.slug}
      </h1>
      {description ? (
        <p lang={description.language} className="text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">
          {description.text}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 border-y border-neutral-200 py-4 text-sm dark:border-neutral-800">
        {source ? (
          <>
            <dt className="font-semibold">{messages.documentSource}</dt>
            <dd lang={source.language}>{source.text}</dd>
          </>
        ) : null}
        {document.date ? (
          <>
            <dt className="font-semibold">{messages.documentDate}</dt>
            <dd>
              <time dateTime={document.date}>{formatDate(document.date)}</time>
            </dd>
          </>
        ) : null}
        {document.pages ? (
          <>
            <dt className="font-semibold">{messages.documentPages}</dt>
            <dd>{formatNumber(document.pages)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{messages.documentSize}</dt>
        <dd>{sizeText}</dd>
        <dt className="font-semibold">{messages.documentFingerprint}</dt>
        <dd>
          <code data-sha256="" className="break-all font-mono text-xs">
            {document.sha256}
          </code>
          <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
            <Message id="documentFingerprintHelp" slots={{ linux: <code>sha256sum</code>, mac: <code>shasum -a 256</code>, windows: <code>Get-FileHash</code> }} />
          </p>
        </dd>
      </dl>
      <p>
        <a
          href={publicMediaUrl(document.url, mediaBase)}
          download={`${document.slug}.pdf`}
          type="application/pdf"
          className="inline-block rounded bg-brand px-4 py-2 font-semibold text-white hover:opacity-90"
        >
          {t("documentDownload", { size: sizeText })}
        </a>
      </p>
      {document.articles.length > 0 ? (
        <section aria-labelledby="document-stories-heading">
          <h2 id="document-stories-heading" className="text-lg font-bold">
            {messages.documentStories}
          </h2>
          <ul className="mt-2 list-disc space-y-1 ps-5">
            {document.articles.map((article) => (
              <li key={article.id} lang={article.language}>
                <Anchor to={articlePath(article.slug)} className="text-brand hover:underline">
                  {article.title}
                </Anchor>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {document.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={messages.tags}>
          {document.tags.map((tag) => (
            <li key={tag.id}>
              <Anchor
                to={`/tag/${tag.slug}`}
                className="inline-block rounded-full bg-neutral-100 px-3 py-1 text-sm font-medium hover:bg-brand hover:text-white dark:bg-neutral-800"
              >
                #<ContentName text={tag.name} within={locale} />
              </Anchor>
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}
