import { useFormatNumber, useLocalizePath, useMessages } from "~/contexts/i18n";
import { documentPath } from "~/lib/document-path";
import { formatMessage } from "~/lib/format-message";
import type { DocumentSearchHit } from "~/lib/api-types";

/** The evidence documents a search found, above the stories: each a link to its page with its source and length. */
export function DocumentHits({ documents }: { documents: DocumentSearchHit[] }) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const formatNumber = useFormatNumber();
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="document-hits" className="mb-8 rounded-md border border-neutral-200 p-4 dark:border-neutral-800">
      <h2 id="document-hits" className="text-lg font-bold">
        {messages.searchDocumentsFound}
      </h2>
      <ul className="mt-2 divide-y divide-neutral-200 dark:divide-neutral-800">
        {documents.map((document) => (
          <li key={document.slug} className="py-2">
            <a href={localize(documentPath(document.slug))} className="font-semibold text-brand hover:underline">
              {document.title}
            </a>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {[document.source, document.pages ? formatMessage(messages.documentPageCount, { count: formatNumber(document.pages) }) : null].filter(Boolean).join(" · ")}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
