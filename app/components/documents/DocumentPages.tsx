import { useMediaBase } from "~/components/media/use-media-base";
import { useFormatNumber, useTranslate } from "~/contexts/i18n";
import type { DocumentPageJson } from "~/lib/api-types";
import { publicMediaUrl } from "~/lib/media-url";
import { pageAnchor, pageImageSizes, pageSrcSet } from "./document-view";

/**
 * Every page's picture in order: the document as a reader without script gets it (and the viewer's
 * first render, which the browser then turns into the viewer). The first is the page's largest
 * picture, so it is asked for at once and first (issue 38: LCP); each other waits until it is near
 * the screen. Each keeps its page's shape meanwhile; its id makes `#p=N` scroll to it.
 */
export function DocumentPages({ pages }: { pages: DocumentPageJson[] }) {
  const t = useTranslate();
  const formatNumber = useFormatNumber();
  const mediaBase = useMediaBase();
  return (
    <ol className="space-y-6">
      {pages.map((page) => (
        <li key={page.number} id={pageAnchor(page.number)} className="scroll-mt-24">
          <img
            src={publicMediaUrl(page.image, mediaBase)}
            srcSet={pageSrcSet(page, mediaBase)}
            sizes={pageImageSizes()}
            alt={t("documentPageAlt", { page: formatNumber(page.number), pages: formatNumber(pages.length) })}
            width={page.width}
            height={page.height}
            {...(page.number === 1 ? ({ fetchPriority: "high" } as const) : ({ loading: "lazy", decoding: "async" } as const))}
            className="h-auto w-full border border-neutral-200 bg-white shadow-sm dark:border-neutral-700"
          />
        </li>
      ))}
    </ol>
  );
}
