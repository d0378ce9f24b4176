import { useMediaBase } from "~/components/media/use-media-base";
import { PLACEHOLDER_IMAGE, publicMediaUrl } from "~/lib/media-url";
import { srcSetFor } from "~/lib/responsive-images";

type ImgProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string | null | undefined;
  /** The stored image's real width: with it, our uploads get a srcset of their smaller variants. */
  srcWidth?: number | null;
};

/**
 * An article image with explicit size (no layout shift), a srcset, and the placeholder fallback,
 * which the page's script applies (`data-fallback`): reader pages are plain HTML.
 */
export function ArticleImage({ src, srcWidth, alt = "", ...rest }: ImgProps) {
  const mediaBase = useMediaBase();
  return (
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
}
