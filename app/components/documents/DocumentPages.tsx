import { useMediaBase } from "~/components/media/use-media-base";
import { useFormatNumber, useTranslate } from "~/contexts/i18n";
import type { DocumentPageJson } from "~/lib/api-types";
import { publicMediaUrl } from "~/lib/media-url";
import { pageAnchor, pageImageSizes, pageSrcSet } from "./document-view";

/**
 * Pages' pictures in order, under the viewer's first page: what a reader without script reads the
 * rest of the document by. Each waits until it is near the screen and keeps its page's shape
 * meanwhile; its id makes `#p=N` scroll to it.
 */
export function DocumentPages({ pages, total }: { pages: DocumentPageJson[]; total: number }) {
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
            alt={t("documentPageAlt", { page: formatNumber(page.number), pages: formatNumber(total) })}
            width={page.width}
            height={page.height}
            loading="lazy"
            decoding="async"
            className="h-auto w-full border border-neutral-200 bg-white shadow-sm dark:border-neutral-700"
          />
        </li>
      ))}
    </ol>
  );
}
