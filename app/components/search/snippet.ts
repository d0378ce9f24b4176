/**
 * Whether a search result's `snippet` is what the server makes (ArticleSummary.snippet): escaped
 * text whose only markup is <mark>…</mark>. Only then may it be set as HTML.
 */
export function isMarkedSnippet(html: unknown): html is string {
  return typeof html === "string" && html !== "" && !html.replace(/<\/?mark>/g, "").includes("<");
}
