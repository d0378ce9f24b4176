import { useMediaBase } from "~/components/media/use-media-base";
import { bodyPictures } from "~/lib/body-pictures";
import { publicMediaHtml } from "~/lib/media-url";
import { rewriteUploadSources } from "~/lib/upload-paths";
import { ARTICLE_FONT_SIZE_CLASSES } from "./FontSizeMenu";

/**
 * The look of the stored HTML (what the article form's editor makes, docs/product.md#the-article-form: headings, bold, italic, underline, lists,
 * quotes, links, code blocks, images, video). Sizes are in em, so the font size menu scales it all.
 * docs/product.md#limits-and-constants: an embedded image without its own width is 300 px wide, auto height.
 */
export const ARTICLE_BODY_STYLES = [
  "leading-[1.8] break-words",
  "[&>*+*]:mt-[1.1em]",
  "[&_h1]:mt-[1.6em] [&_h1]:text-[1.6em] [&_h1]:font-black [&_h1]:leading-tight",
  "[&_h2]:mt-[1.6em] [&_h2]:text-[1.3em] [&_h2]:font-bold [&_h2]:leading-snug",
  "[&_h3]:mt-[1.4em] [&_h3]:text-[1.1em] [&_h3]:font-bold",
  "[&_a]:text-brand dark:[&_a]:text-red-400 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:no-underline",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-brand [&_blockquote]:pl-4 [&_blockquote]:text-[1.1em] [&_blockquote]:text-neutral-700 dark:[&_blockquote]:text-neutral-300",
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li+li]:mt-[0.4em]",
  "[&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-neutral-100 [&_pre]:p-4 [&_pre]:text-[0.85em] [&_pre]:leading-normal dark:[&_pre]:bg-neutral-900",
  "[&_code]:font-mono [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-neutral-100 [&_:not(pre)>code]:px-1 dark:[&_:not(pre)>code]:bg-neutral-900",
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded [&_img:not([width])]:w-[300px]",
  "[&_video]:h-auto [&_video]:w-full [&_video]:rounded",
  "[&_figcaption]:mt-2 [&_figcaption]:text-[0.875em] [&_figcaption]:text-neutral-600 dark:[&_figcaption]:text-neutral-400",
  "[&_hr]:my-[2em] [&_hr]:border-neutral-200 dark:[&_hr]:border-neutral-800",
].join(" ");

/**
 * The article's HTML, sanitized by the server when it was saved (see server/services/html.ts); its
 * uploaded images with the AVIF and WebP variants recorded for them (`imageVariants`, by upload path).
 */
export function ArticleBody({ html, imageVariants = {} }: { html: string; imageVariants?: Readonly<Record<string, readonly number[]>> }) {
  const mediaBase = useMediaBase();
  return (
    <div
      data-testid="article-body"
      className={`${ARTICLE_FONT_SIZE_CLASSES} ${ARTICLE_BODY_STYLES}`}
      dangerouslySetInnerHTML={{ __html: publicMediaHtml(bodyPictures(rewriteUploadSources(html), imageVariants, mediaBase), mediaBase) }}
    />
  );
}
