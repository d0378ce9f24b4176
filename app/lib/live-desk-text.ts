/**
 * The live desk's plain text and the HTML an update or the key points are stored as (issue 39).
 * The phone composer is a plain textarea (light on a cheap phone, and what a thumb types fastest
 * into): a blank line starts a paragraph, a single line break stays one; a picture goes after the
 * words. The server sanitises whatever arrives (docs/api.md, "Live coverage"), so this only has to
 * escape what was typed. Reading stored HTML back for an edit, the words come back as typed and the
 * pictures are kept as they are.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") return String.fromCodePoint(name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A picture uploaded from the desk, with the words that go under it. */
export interface DeskPicture {
  url: string;
  caption: string;
}

/** Typed text as paragraphs: a blank line between two, a single line break kept inside one. */
export function paragraphsHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * A picture as the body holds it. Its caption is shown under it and is what it is called: the
 * image's own alt stays empty so that a screen reader does not read the caption twice.
 */
export function pictureHtml(picture: DeskPicture): string {
  const caption = picture.caption.trim();
  return `<figure><img src="${escapeHtml(picture.url)}" alt="">${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ""}</figure>`;
}

/** An update's body from the composer: the words, then the picture. */
export function updateBodyHtml(text: string, picture: DeskPicture | null, kept = ""): string {
  return paragraphsHtml(text) + kept + (picture ? pictureHtml(picture) : "");
}

const PICTURES = /<figure\b[\s\S]*?<\/figure>|<img\b[^>]*>|<video\b[\s\S]*?<\/video>/gi;

/** Stored HTML as the desk edits it: its words as typed text, and its pictures, kept whole. */
export function editableBody(html: string): { text: string; pictures: string } {
  const pictures = html.match(PICTURES)?.join("") ?? "";
  const text = decodeEntities(
    html
      .replace(PICTURES, "")
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/(p|li|h[1-6]|blockquote|pre)>/gi, "\n\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { text, pictures };
}

/** Key points typed one per line, as the list the reader's page pins above the updates; "" for none. */
export function keyPointsHtml(lines: string): string {
  const points = lines.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "");
  return points.length === 0 ? "" : `<ul>${points.map((point) => `<li>${escapeHtml(point)}</li>`).join("")}</ul>`;
}

/** Stored key points as lines to edit, one a point (a paragraph written through the API is a point too). */
export function keyPointsLines(html: string): string {
  return editableBody(html).text.replace(/\n+/g, "\n");
}
