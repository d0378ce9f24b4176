import { useState } from "react";

/** SPEC 8: a broken image falls back to /placeholder.jpg. */
export const PLACEHOLDER_IMAGE = "/placeholder.jpg";

type ImgProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string | null | undefined };

/** An article image with explicit size (no layout shift) and the placeholder fallback. */
export function ArticleImage({ src, alt = "", ...rest }: ImgProps) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      {...rest}
      alt={alt}
      src={!src || broken ? PLACEHOLDER_IMAGE : src}
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}
