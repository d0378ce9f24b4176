import { useEffect, useRef, useState } from "react";
import { useMediaBase } from "~/components/media/use-media-base";
import { publicMediaUrl } from "~/lib/media-url";
import { srcSetFor } from "~/lib/responsive-images";

/** SPEC 8: a broken image falls back to /placeholder.jpg. */
export const PLACEHOLDER_IMAGE = "/placeholder.jpg";

type ImgProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string | null | undefined;
  /** The stored image's real width: with it, our uploads get a srcset of their smaller variants. */
  srcWidth?: number | null;
};

/** An article image with explicit size (no layout shift), a srcset, and the placeholder fallback. */
export function ArticleImage({ src, srcWidth, alt = "", ...rest }: ImgProps) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const mediaBase = useMediaBase();
  const usable = src && !broken ? src : null;

  // A server-rendered image can fail before React attaches onError: check once after hydration.
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0 && image.getAttribute("src") !== PLACEHOLDER_IMAGE) setBroken(true);
  }, []);

  return (
    <img
      {...rest}
      ref={ref}
      alt={alt}
      src={usable ? publicMediaUrl(usable, mediaBase) : PLACEHOLDER_IMAGE}
      srcSet={usable ? srcSetFor(usable, srcWidth, mediaBase) : undefined}
      decoding="async"
      // A grey box, not white space, while the image is still on its way over a slow network.
      className={`bg-neutral-200 dark:bg-neutral-800 ${rest.className ?? ""}`}
      onError={() => setBroken(true)}
    />
  );
}
