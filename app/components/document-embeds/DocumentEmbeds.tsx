import { Anchor } from "~/components/i18n/anchor";
import { useMediaBase } from "~/components/media/use-media-base";
import { useFormatNumber, useMessages, useTranslate } from "~/contexts/i18n";
import type { DocumentEmbedJson } from "~/lib/api-types";
import { keyedInLanguage } from "~/lib/bilingual";
import type { Language } from "~/lib/limits";
import { publicMediaUrl } from "~/lib/media-url";
import { documentPath } from "~/lib/document-path";
import { EMBED_ATTRIBUTE, OPEN_ATTRIBUTE } from "./open-embeds";

/** The thumbnail's width on the card; the picture itself is 128 px wide (200 for documents drawn before). */
const THUMBNAIL_WIDTH = 96;

/**
 * A story's published documents, each a light card: its first page's thumbnail, title, source and
 * page count, and "Open document", which opens the viewer here (open-embeds.ts) or, without
 * script, the document's page. Titles and sources are in the story's language where given.
 */
export function DocumentEmbeds({ documents, language }: { documents: DocumentEmbedJson[]; language: Language }) {
  const messages = useMessages();
  const t = useTranslate();
  const formatNumber = useFormatNumber();
  const mediaBase = useMediaBase();
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="documents-heading" className="my-8">
      <h2 id="documents-heading" className="mb-3 border-b-2 border-brand pb-1 text-xl font-black">
        {messages.documentsInStory}
      </h2>
      <ul className="space-y-4">
        {documents.map((document) => {
          const title = keyedInLanguage(document, "title", language);
          const source = keyedInLanguage(document, "source", language);
          const thumbnail = document.first_page;
          return (
            <li key={document.id} {...{ [EMBED_ATTRIBUTE]: document.slug }}>
              <div className="flex gap-4 rounded border border-neutral-200 bg-neutral-50 p-3 dark:border-neutral-700 dark:bg-neutral-900">
                {thumbnail ? (
                  <img
                    src={publicMediaUrl(thumbnail.thumbnail, mediaBase)}
                    alt=""
                    width={THUMBNAIL_WIDTH}
                    height={Math.round((THUMBNAIL_WIDTH * thumbnail.height) / thumbnail.width)}
                    loading="lazy"
                    decoding="async"
                    className="h-auto w-24 shrink-0 self-start border border-neutral-200 bg-white dark:border-neutral-700"
                  />
                ) : null}
                <div className="min-w-0 space-y-1">
                  {title ? (
                    <h3 id={`document-${document.id}-title`} lang={title.language} className="font-bold leading-snug">
                      {title.text}
                    </h3>
                  ) : null}
                  {source ? (
                    <p lang={source.language} className="text-sm text-neutral-700 dark:text-neutral-300">
                      {source.text}
                    </p>
                  ) : null}
                  {document.pages ? <p className="text-sm text-neutral-600 dark:text-neutral-400">{t("documentPageCount", { count: formatNumber(document.pages) })}</p> : null}
                  <Anchor
                    to={documentPath(document.slug)}
                    {...{ [OPEN_ATTRIBUTE]: document.slug }}
                    aria-describedby={title ? `document-${document.id}-title` : undefined}
                    className="mt-1 inline-block rounded bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:opacity-90"
                  >
                    {messages.documentOpen}
                  </Anchor>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
