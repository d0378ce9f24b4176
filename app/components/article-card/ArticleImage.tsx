import { preload } from "react-dom";
import { useMediaBase } from "~/components/media/use-media-base";
import { PLACEHOLDER_IMAGE, publicMediaUrl } from "~/lib/media-url";
import { MODERN_FORMATS, modernSrcSet, placeholderSrcSet, srcSetFor } from "~/lib/responsive-images";

type ImgProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string | null | undefined;
  /** The stored image's real width: with it, our uploads get a srcset of their smaller variants. */
  srcWidth?: number | null;
  /** The AVIF and WebP widths stored for it (media_variants); none for an upload made before them. */
  variants?: readonly number[] | null;
  /** The widest it is ever drawn, in CSS pixels, when that is fixed (a card's thumbnail): no wider candidate is listed. */
  drawnAt?: number;
};

/**
 * An article image with explicit size (no layout shift), a srcset, and the placeholder fallback,
 * which the page's script applies (`data-fallback`): reader pages are plain HTML. In a `<picture>`
 * whose AVIF and WebP sources name only the variants recorded for it, with the image's own `sizes`.
 * The placeholder, for a story without a picture or one that failed, is marked `data-placeholder`
 * for the dark theme (styles/site.css).
 */
export function ArticleImage({ src, srcWidth, variants, drawnAt, alt = "", ...rest }: ImgProps) {
  const mediaBase = useMediaBase();
  const modern = MODERN_FORMATS.flatMap((format) => {
    const srcSet = src ? (variants?.length ? modernSrcSet(src, variants, format, mediaBase, drawnAt) : undefined) : placeholderSrcSet(PLACEHOLDER_IMAGE, format, drawnAt);
    return srcSet ? [{ type: `image/${format}`, srcSet }] : [];
  });
  const sources = modern.map(({ type, srcSet }) => <source key={type} type={type} srcSet={srcSet} sizes={rest.sizes} />);
  // React preloads a high-priority <img> from the head by itself, but not one inside a <picture>,
  // whose choice it cannot know: the page's largest picture is preloaded here in the first format,
  // which a browser that cannot show it skips by its type.
  const first = modern[0];
  if (first && rest.fetchPriority === "high") {
    preload(src ? publicMediaUrl(src, mediaBase) : PLACEHOLDER_IMAGE, { as: "image", imageSrcSet: first.srcSet, imageSizes: rest.sizes, fetchPriority: "high", type: first.type });
  }
  const image = (
    <img
      {...rest}
      alt={alt}
      src={src ? publicMediaUrl(src, mediaBase) : PLACEHOLDER_IMAGE}
      srcSet={src ? srcSetFor(src, srcWidth, mediaBase, drawnAt) : undefined}
      decoding="async"
      data-fallback=""
      data-placeholder={src ? undefined : ""}
      className={`image-pending ${rest.className ?? ""}`}
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
