import { useState } from "react";
import { useFormatNumber, useMessages } from "~/contexts/i18n";
import type { DocumentFinding } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import type { DocumentFile } from "~/lib/limits";
import { findingKind, findingsByPage } from "./document-labels";
import { type PageSize, outlineStyle } from "./page-outline";

interface FindingsProps {
  documentId: number;
  file: DocumentFile;
  findings: DocumentFinding[];
}

/** The page's shown size in points, which every finding with an area carries; a page without one is listed without its picture's outline. */
function pageSizeOf(findings: DocumentFinding[]): PageSize | undefined {
  const size = findings.find((finding) => finding.page_size)?.page_size;
  return size ? { width: size[0], height: size[1] } : undefined;
}

/** What would leak, page by page: each finding's kind in plain words and the words themselves, and a page's picture with the areas outlined. */
export function FindingsByPage({ documentId, file, findings }: FindingsProps) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  if (findings.length === 0) {
    return <p className="mt-3 rounded-md bg-emerald-50 px-4 py-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">{messages.documentNoFindings}</p>;
  }
  return (
    <div className="mt-3 space-y-6">
      {findingsByPage(findings).map(({ page, findings: onPage }) => {
        const heading = page === null ? messages.documentWholeFile : formatMessage(messages.documentPageNumber, { page: formatNumber(page) });
        const size = page === null ? undefined : pageSizeOf(onPage);
        const outlined = page !== null && onPage.some((finding) => finding.rect !== null);
        return (
          <section key={page ?? "file"} data-findings-page={page ?? "file"} className="rounded-lg bg-white p-4 shadow-sm sm:p-5 dark:bg-neutral-900">
            <h3 className="text-lg font-semibold">{heading}</h3>
            <div className={outlined ? "mt-3 grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start" : "mt-3"}>
              {outlined ? <PagePicture documentId={documentId} file={file} page={page} findings={onPage} size={size} /> : null}
              <ol className="space-y-4">
                {onPage.map((finding, index) => (
                  <FindingItem key={index} finding={finding} number={finding.rect && outlined ? index + 1 : null} />
                ))}
              </ol>
            </div>
          </section>
        );
      })}
    </div>
  );
}

function FindingItem({ finding, number }: { finding: DocumentFinding; number: number | null }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const { name, help } = findingKind(messages, finding.kind);
  return (
    <li data-finding-kind={finding.kind} className="border-l-4 border-amber-500 pl-3">
      <p className="font-semibold">
        {number !== null ? (
          <span className="mr-2 inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
            <span className="sr-only">{formatMessage(messages.documentFindingArea, { number: formatNumber(number) })}: </span>
            <span aria-hidden="true">{formatNumber(number)}</span>
          </span>
        ) : null}
        <span>{name}</span>
      </p>
      {help ? <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{help}</p> : null}
      {finding.text ? (
        <figure className="mt-2">
          <figcaption className="text-xs font-semibold uppercase tracking-wide text-neutral-600 dark:text-neutral-400">{messages.documentLeakingText}</figcaption>
          <blockquote data-leaking-text className="mt-1 whitespace-pre-wrap break-words rounded-md bg-amber-50 px-3 py-2 font-mono text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            {finding.text}
          </blockquote>
        </figure>
      ) : null}
    </li>
  );
}

/**
 * The page drawn by the server (private, on demand) with each finding's area outlined and numbered
 * as in the list beside it. The outlines are a picture's annotation: the list says the same in words.
 */
function PagePicture({ documentId, file, page, findings, size }: { documentId: number; file: DocumentFile; page: number; findings: DocumentFinding[]; size: PageSize | undefined }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const [failed, setFailed] = useState(false);
  const label = formatMessage(messages.documentPageRender, { page: formatNumber(page) });
  if (failed) return <p className="rounded-md bg-neutral-100 px-4 py-3 text-sm text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">{messages.documentPageRenderFailed}</p>;
  return (
    <div
      className="relative w-full overflow-hidden border border-neutral-300 bg-white dark:border-neutral-700"
      style={size ? { aspectRatio: `${size.width} / ${size.height}` } : undefined}
    >
      <img
        src={`/api/documents/${documentId}/pages/${page}?file=${file}`}
        alt={label}
        loading="lazy"
        onError={() => setFailed(true)}
        className="block h-full w-full object-contain"
        data-page-render={page}
      />
      {size
        ? findings.map((finding, index) =>
            finding.rect ? (
              <span
                key={index}
                aria-hidden="true"
                data-finding-outline={index + 1}
                className="pointer-events-none absolute rounded-sm outline-3 outline-offset-1 outline-red-600"
                style={outlineStyle(finding.rect, size)}
              >
                <span className="absolute -top-3 -left-3 inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white shadow">
                  {formatNumber(index + 1)}
                </span>
              </span>
            ) : null,
          )
        : null}
    </div>
  );
}
