/**
 * Article HTML is sanitized on the server with an allowlist before it is stored: the browser's
 * editor is never trusted. What is allowed is what the editor can produce (docs/product.md#the-article-form).
 */
import sanitizeHtml from "sanitize-html";

const IMAGE_WIDTH = /^\d{1,4}(px|%)$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "h1", "h2", "h3", "strong", "b", "em", "i", "u", "s", "blockquote", "ul", "ol", "li",
    "a", "img", "pre", "code", "figure", "figcaption", "video", "source", "hr",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "style"],
    video: ["src", "controls", "width", "height", "poster"],
    source: ["src", "type"],
    code: ["class"],
    p: ["lang", "dir"],
    blockquote: ["lang"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedStyles: { img: { width: [IMAGE_WIDTH], height: [/^auto$/, /^\d{1,4}px$/] } },
  // docs/product.md#validation-rules: editor images accept only http, https and data URLs (plus our own relative /uploads/).
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"], video: ["http", "https"], source: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "poster"],
  allowProtocolRelative: false,
  transformTags: {
    // Links leave the site without telling it who sent the reader, and cannot script the opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", ...(attribs.target ? { target: "_blank" } : {}) },
    }),
    // The old client stored uploads under /Uploads/; they are served from /uploads/.
    img: (tagName, attribs) => ({
      tagName,
      attribs: attribs.src?.startsWith("/Uploads/") ? { ...attribs, src: `/uploads/${attribs.src.slice(9)}` } : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised HTML shows anything: text, or a picture or video without words. */
export function showsSomething(html: string): boolean {
  if (/<(img|video)\b/i.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, "") !== "";
}
