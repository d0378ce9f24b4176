import { ArticleImage } from "~/components/article-card/ArticleImage";
import { useMediaBase } from "~/components/media/use-media-base";
import type { MediaItem } from "~/lib/api-types";
import { publicMediaUrl } from "~/lib/media-url";

/** Demo and legacy media may lack a size: assume the 16:9 of our banners so the space is still kept. */
const FALLBACK_SIZE = { width: 1200, height: 675 };

/** The article column: the screen less the page margins on phones, at most 768 px (max-w-3xl). */
const ARTICLE_IMAGE_SIZES = "(min-width: 800px) 768px, calc(100vw - 2rem)";

/** An article's image or video with its caption. The lead image loads first; the rest wait until needed. */
export function MediaFigure({ media, lead = false }: { media: MediaItem; lead?: boolean }) {
  const width = media.width ?? FALLBACK_SIZE.width;
  const height = media.height ?? FALLBACK_SIZE.height;
  const mediaBase = useMediaBase();
  return (
    <figure className="my-6">
      {media.media_type === "video" ? (
        <video
          src={publicMediaUrl(media.url, mediaBase)}
          controls
          preload="none"
          width={width}
          height={height}
          className="h-auto w-full rounded bg-black"
        />
      ) : (
        <ArticleImage
          src={media.url}
          srcWidth={media.width}
          variants={media.variants}
          sizes={ARTICLE_IMAGE_SIZES}
          alt={media.caption}
          width={width}
          height={height}
          loading={lead ? "eager" : "lazy"}
          fetchPriority={lead ? "high" : undefined}
          className="h-auto w-full rounded bg-neutral-100 dark:bg-neutral-900"
        />
      )}
      {media.caption ? (
        <figcaption className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{media.caption}</figcaption>
      ) : null}
    </figure>
  );
}
