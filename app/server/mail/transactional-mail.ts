/**
 * The site's transactional messages (issue 40), written from the catalog of the reader's language so
 * that a new language's catalog is all a new language needs: paragraphs of text and a link, as
 * plain text and as the same in simple HTML.
 */
import { type Locale, isLocale, translate } from "~/lib/i18n";
import type { MessageKey } from "~/lib/messages";
import { config } from "../platform/config";
import type { OutgoingMail } from "./transport";

/** A part of a message: a paragraph (a catalog text with its values) or a link. */
export type Part = { text: MessageKey; values?: Record<string, string> } | { link: string };

/** The language a message to someone stored with `language` is written in: the site's default for one it no longer has. */
export const mailLocale = (language: string): Locale => (isLocale(language) ? language : config().defaultLocale);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function transactionalMail(to: string, locale: Locale, subject: MessageKey, parts: Part[], headers?: Record<string, string>): OutgoingMail {
  const site = translate(locale, "siteName");
  const written: ({ link: string; text?: never } | { text: string; link?: never })[] = parts.map((part) =>
    "link" in part ? { link: part.link } : { text: translate(locale, part.text, { site, ...part.values }) },
  );
  return {
    to,
    subject: translate(locale, subject, { site }),
    text: `${written.map((part) => part.link ?? part.text).join("\n\n")}\n\n-- \n${site}\n`,
    html:
      `<!doctype html><html lang="${escapeHtml(locale)}"><body style="font-family:sans-serif;line-height:1.5">` +
      written
        .map((part) => (part.link !== undefined ? `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.link)}</a></p>` : `<p>${escapeHtml(part.text)}</p>`))
        .join("") +
      `<p>${escapeHtml(site)}</p></body></html>`,
    headers,
  };
}
