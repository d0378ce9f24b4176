import { useMediaBase } from "~/components/media/use-media-base";
import { useFormatNumber, useTranslate } from "~/contexts/i18n";
import type { DocumentPageJson } from "~/lib/api-types";
import { publicMediaUrl } from "~/lib/media-url";
import { pageAnchor } from "./document-view";

/**
 * Every page's picture in order: the document as a reader without script gets it (and the viewer's
 * first render, which the browser then turns into the viewer). Each waits until it is near the
 * screen, and keeps its page's shape meanwhile; its id makes `#p=N` scroll to it.
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
            alt={t("documentPageAlt", { page: formatNumber(page.number), pages: formatNumber(pages.length) })}
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
