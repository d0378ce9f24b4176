import { useMediaBase } from "~/components/media/use-media-base";
import { PLACEHOLDER_IMAGE, publicMediaUrl } from "~/lib/media-url";
import { MODERN_FORMATS, modernSrcSet, placeholderSrcSet, srcSetFor } from "~/lib/responsive-images";

type ImgProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string | null | undefined;
  /** The stored image's real width: with it, our uploads get a srcset of their smaller variants. */
  srcWidth?: number | null;
  /** The AVIF and WebP widths stored for it (media_variants); none for an upload made before them. */
  variants?: readonly number[] | null;
};

/**
 * An article image with explicit size (no layout shift), a srcset, and the placeholder fallback,
 * which the page's script applies (`data-fallback`): reader pages are plain HTML. In a `<picture>`
 * whose AVIF and WebP sources name only the variants recorded for it, with the image's own `sizes`.
 */
export function ArticleImage({ src, srcWidth, variants, alt = "", ...rest }: ImgProps) {
  const mediaBase = useMediaBase();
  const sources = MODERN_FORMATS.flatMap((format) => {
    const srcSet = src ? (variants?.length ? modernSrcSet(src, variants, format, mediaBase) : undefined) : placeholderSrcSet(PLACEHOLDER_IMAGE, format);
    return srcSet ? [<source key={format} type={`image/${format}`} srcSet={srcSet} sizes={rest.sizes} />] : [];
  });
  const image = (
    <img
      {...rest}
      alt={alt}
      src={src ? publicMediaUrl(src, mediaBase) : PLACEHOLDER_IMAGE}
      srcSet={src ? srcSetFor(src, srcWidth, mediaBase) : undefined}
      decoding="async"
      data-fallback=""
      // A grey box, not white space, while the image is still on its way over a slow network.
      className={`bg-neutral-200 dark:bg-neutral-800 ${rest.className ?? ""}`}
    />
  );
  // `contents`: the picture makes no box of its own, so the image sizes itself in the layout as before.
  return sources.length > 0 ? (
    <picture className="contents">
      {sources}
      {image}
    </picture>
  ) : (
    image
  );
}
