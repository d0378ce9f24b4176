import { useFormatNumber, useMessages } from "~/contexts/i18n";
import type { DocumentJson } from "~/lib/api-types";
import { type StatusTone, documentStatus } from "./document-labels";

const TONES: Record<StatusTone, string> = {
  working: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  bad: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  published: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
};

/** Where a document stands, in words and colour; a running examination shows how far it has read. */
export function DocumentStatusBadge({ document }: { document: DocumentJson }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const { label, tone } = documentStatus(document, messages, (value) => formatNumber(value));
  return (
    <span data-status={document.published_at ? "published" : document.status} className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>
      {label}
    </span>
  );
}

/** The running examination's progress as a bar, beside the badge's words. */
export function DocumentProgress({ document }: { document: DocumentJson }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  if (!document.progress) return null;
  const { page, pages } = document.progress;
  return (
    <progress
      aria-label={documentStatus(document, messages, (value) => formatNumber(value)).label}
      max={pages}
      value={page}
      className="mt-2 block h-2 w-full max-w-xs overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800 [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-neutral-200 dark:[&::-webkit-progress-bar]:bg-neutral-800 [&::-webkit-progress-value]:bg-brand"
    />
  );
}
