/**
 * An issue as its reader's mail client shows it (issue 40): an HTML part and a plain-text part in
 * the edition's language, light or dark as the client prefers, with the site's name, the outlet's
 * address and why the reader gets it. Story links are the stories' own addresses: no redirect,
 * no tracking pixel, nothing that names the reader. Only the footer's manage and unsubscribe
 * links, and the List-Unsubscribe headers (RFC 2369, RFC 8058), carry the reader's token, since
 * they must act for them without an account.
 */
import { catalogFor, translate } from "~/lib/i18n";
import { languageNameIn } from "~/lib/language-names";
import { languageConfig } from "~/lib/languages";
import type { Language } from "~/lib/limits";
import type { MessageKey } from "~/lib/messages";
import type { OutgoingMail } from "../mail/transport";
import type { SubscriberLinks } from "./subscriber-links";

export interface IssueStory {
  title: string;
  summary: string;
  /** The story's page on the site, absolute. */
  url: string;
}

export interface IssueContent {
  edition: Language;
  subject: string;
  intro: string;
  stories: IssueStory[];
}

/**
 * Fonts installed with the systems readers use, so Devanagari renders without a web font (which
 * many clients block, and which would be a request to a server): Apple's Kohinoor and Devanagari
 * Sangam, Windows' Nirmala UI and Mangal, Android's and Linux's Noto and Lohit.
 */
const DEVANAGARI_STACK = `"Noto Sans Devanagari", "Kohinoor Devanagari", "Devanagari Sangam MN", "Nirmala UI", Mangal, "Lohit Devanagari", sans-serif`;
const LATIN_STACK = `-apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;
const HEADLINE_LATIN_STACK = `Georgia, "Times New Roman", serif`;

function fontsOf(edition: Language): { body: string; headline: string } {
  return languageConfig(edition).script === "Devanagari"
    ? { body: DEVANAGARI_STACK, headline: DEVANAGARI_STACK }
    : { body: LATIN_STACK, headline: HEADLINE_LATIN_STACK };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The introduction's paragraphs: blank lines separate them. */
const paragraphsOf = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

function html(content: IssueContent, links: IssueLinks, test: boolean): string {
  const t = (key: MessageKey, values?: Record<string, string>) => escapeHtml(translate(content.edition, key, values));
  const fonts = fontsOf(content.edition);
  const site = translate(content.edition, "siteName");
  const edition = languageNameIn(catalogFor(content.edition), content.edition);
  const stories = content.stories
    .map(
      (story) => `<tr><td class="story">
<h2 class="headline"><a href="${escapeHtml(story.url)}">${escapeHtml(story.title)}</a></h2>
${story.summary ? `<p>${escapeHtml(story.summary)}</p>` : ""}
<p><a class="more" href="${escapeHtml(story.url)}">${t("newsletterMailReadStory")}</a></p>
</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="${languageConfig(content.edition).tag}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(content.subject)}</title>
<style>
body, .page { margin: 0; padding: 0; background: #f4f1ea; color: #1c1b19; font-family: ${fonts.body}; font-size: 17px; line-height: 1.6; }
.sheet { max-width: 600px; margin: 0 auto; background: #ffffff; }
.masthead { padding: 20px 24px; border-bottom: 3px solid #b3261e; font-family: ${fonts.headline}; font-size: 26px; font-weight: bold; }
.masthead a { color: #1c1b19; text-decoration: none; }
.intro, .story, .footer { padding: 16px 24px; }
.story { border-top: 1px solid #e2ddd2; }
.headline { font-family: ${fonts.headline}; font-size: 21px; line-height: 1.35; margin: 0 0 8px; }
a { color: #8c1d18; }
.headline a { color: #1c1b19; }
.footer { font-size: 14px; color: #55524b; border-top: 1px solid #e2ddd2; }
.footer a { color: #55524b; }
.test { padding: 8px 24px; background: #fff4d6; font-size: 14px; }
@media (prefers-color-scheme: dark) {
  body, .page { background: #121212 !important; color: #ece8e1 !important; }
  .sheet { background: #1d1c1a !important; }
  .masthead a, .headline a { color: #ece8e1 !important; }
  a { color: #f2a59e !important; }
  .footer, .footer a { color: #b8b3a9 !important; }
  .story, .footer { border-color: #3a3833 !important; }
  .test { background: #3d3420 !important; }
}
</style>
</head>
<body>
<table role="presentation" class="page" width="100%" cellpadding="0" cellspacing="0"><tr><td>
<table role="presentation" class="sheet" width="100%" cellpadding="0" cellspacing="0">
${test ? `<tr><td class="test">${t("newsletterMailTestNote")}</td></tr>\n` : ""}<tr><td class="masthead"><a href="${escapeHtml(links.site)}">${escapeHtml(site)}</a></td></tr>
${paragraphsOf(content.intro).length > 0 ? `<tr><td class="intro">${paragraphsOf(content.intro).map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}</td></tr>\n` : ""}${stories}
<tr><td class="footer">
<p>${t("newsletterMailWhy", { site, edition })}</p>
<p>${t("newsletterMailNoTracking")}</p>
<p><a href="${escapeHtml(links.manage)}">${t("newsletterMailManage")}</a> · <a href="${escapeHtml(links.unsubscribe)}">${t("newsletterMailUnsubscribe")}</a></p>
<p>${t("newsroomAddress")}</p>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
}

function text(content: IssueContent, links: IssueLinks, test: boolean): string {
  const t = (key: MessageKey, values?: Record<string, string>) => translate(content.edition, key, values);
  const site = t("siteName");
  const edition = languageNameIn(catalogFor(content.edition), content.edition);
  const parts = [
    ...(test ? [t("newsletterMailTestNote")] : []),
    `${site}\n${links.site}`,
    ...paragraphsOf(content.intro),
    ...content.stories.map((story) => [story.title, story.summary, story.url].filter(Boolean).join("\n")),
    "--",
    t("newsletterMailWhy", { site, edition }),
    t("newsletterMailNoTracking"),
    `${t("newsletterMailManage")}: ${links.manage}\n${t("newsletterMailUnsubscribe")}: ${links.unsubscribe}`,
    t("newsroomAddress"),
  ];
  return `${parts.join("\n\n")}\n`;
}

export interface IssueLinks extends SubscriberLinks {
  /** The edition's home page. */
  site: string;
}

/** The message of an issue for one reader (or, `test`, for the editor trying it). */
export function issueMail(content: IssueContent, to: string, links: IssueLinks, options: { test?: boolean; messageId?: string } = {}): OutgoingMail {
  const test = options.test ?? false;
  return {
    to,
    subject: test ? translate(content.edition, "newsletterTestSubject", { subject: content.subject }) : content.subject,
    html: html(content, links, test),
    text: text(content, links, test),
    headers: {
      "List-Unsubscribe": `<${links.oneClick}>, <${links.unsubscribeMailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    ...(options.messageId ? { messageId: options.messageId } : {}),
  };
}
