import { useState } from "react";
import { useMessages } from "~/contexts/i18n";
import { languageConfig } from "~/lib/languages";
import { LANGUAGES } from "~/lib/limits";

type View = "html-light" | "html-dark" | "text";

/**
 * The frame follows the editor's own browser, not the view asked for, so each view fixes the
 * message's dark rules (its prefers-color-scheme block) on or off, as a light or a dark mail client
 * that honours them would.
 */
const DARK_RULES = "@media (prefers-color-scheme: dark)";
const inScheme = (html: string, scheme: "light" | "dark") => html.replace(DARK_RULES, scheme === "dark" ? "@media all" : "@media not all");

/**
 * The message names fonts that readers' systems have; the machine the editor previews on may lack
 * them (Linux without Devanagari fonts shows boxes), so the preview alone also offers the site's own
 * Devanagari font under the stack's first name. The mail itself never loads a font.
 */
const SITE_FONTS = LANGUAGES.map((code) => languageConfig(code))
  .filter((language) => language.script === "Devanagari" && language.fontPreload)
  .map((language) => `@font-face { font-family: "Noto Sans Devanagari"; src: url("${language.fontPreload}") format("woff2"); }`)
  .join("\n");
const withSiteFonts = (html: string) => html.replace("</head>", `<style>${SITE_FONTS}</style>\n</head>`);

/**
 * The issue as a reader's mail client shows it: the HTML part in a sandboxed frame (no scripts, no
 * forms, no navigation of the page; our own escaped HTML, so reading it from the page is safe) whose colour scheme is light or dark, so the message's own prefers-color-scheme
 * rules apply as in a dark mail client; or the plain-text part.
 */
export function IssuePreview({ html, text }: { html: string; text: string }) {
  const messages = useMessages();
  const [view, setView] = useState<View>("html-light");
  const views: { id: View; label: string }[] = [
    { id: "html-light", label: `${messages.newsletterPreviewHtml} · ${messages.newsletterPreviewLight}` },
    { id: "html-dark", label: `${messages.newsletterPreviewHtml} · ${messages.newsletterPreviewDark}` },
    { id: "text", label: messages.newsletterPreviewText },
  ];
  return (
    <section aria-labelledby="issue-preview">
      <h2 id="issue-preview" className="mb-2 text-lg font-bold">
        {messages.newsletterPreviewHeading}
      </h2>
      <div role="radiogroup" aria-labelledby="issue-preview" className="mb-3 flex flex-wrap gap-2">
        {views.map((option) => (
          <label
            key={option.id}
            className="cursor-pointer rounded-md border border-neutral-300 px-3 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white dark:border-neutral-700"
          >
            <input type="radio" name="preview-view" className="sr-only" checked={view === option.id} onChange={() => setView(option.id)} />
            {option.label}
          </label>
        ))}
      </div>
      {view === "text" ? (
        <pre className="max-h-[40rem] overflow-auto whitespace-pre-wrap rounded-md border border-neutral-200 bg-white p-4 text-sm dark:border-neutral-800 dark:bg-neutral-900">
          {text}
        </pre>
      ) : (
        <iframe
          key={view}
          title={messages.newsletterPreviewHeading}
          sandbox="allow-same-origin"
          srcDoc={withSiteFonts(inScheme(html, view === "html-dark" ? "dark" : "light"))}
          className="h-[40rem] w-full rounded-md border border-neutral-200 dark:border-neutral-800"
        />
      )}
    </section>
  );
}
