/**
 * Issue 35: no tap is lost before a reader page's scripts arrive. Each control a reader page's HTML
 * carries either works without scripts (a link; a form with a `method`, which the browser sends)
 * or sits in an island, where the page's tap keeper (app/lib/keep-taps-script.ts) keeps its tap
 * until the island is alive. A `<button>` anywhere else, or a disabled one, would do nothing when
 * tapped: this fails for any page that gains one. docs/decisions.md, "No tap is lost", has the rule.
 */
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_TAPS_SCRIPT } from "~/lib/keep-taps-script";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DEMO_CONTENT: "true" });
});
afterAll(async () => {
  await server?.stop();
});

async function readerPages(): Promise<string[]> {
  const get = async (path: string) => (await fetch(server.baseUrl + path)).json();
  const { articles } = await get("/api/news?limit=1");
  const [tag] = await get("/api/tags");
  const [writer] = await get("/api/writers");
  const story = `/article/${encodeURIComponent(articles[0].slug)}`;
  const pages = ["/", "/news", "/category/politics", `/tag/${tag.slug}`, `/writer/${writer.id}`, story, "/search?q=audit", "/about", "/contact", "/support", "/corrections", "/tips", "/login", "/no-such-page"];
  return [...pages, ...pages.map((path) => `/ne${path === "/" ? "" : path}`)];
}

async function pageDocument(path: string): Promise<Document> {
  const html = await (await fetch(server.baseUrl + path)).text();
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  return new window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
}

/** A short description of an element, for the failure message. */
const describeElement = (element: Element) => element.outerHTML.replace(/\sclass="[^"]*"/g, "").slice(0, 160);

describe("a reader page before its scripts", () => {
  it("carries the tap keeper in its head, before any control", async () => {
    for (const path of ["/", "/tips"]) {
      const document = await pageDocument(path);
      const scripts = [...document.head.querySelectorAll("script:not([src])")].map((script) => script.textContent);
      expect(scripts, path).toContain(KEEP_TAPS_SCRIPT);
    }
  });

  it("has no button or form that would do nothing when tapped: each works without scripts, or its island keeps the tap", async () => {
    const lost: string[] = [];
    let buttons = 0;
    for (const path of await readerPages()) {
      const document = await pageDocument(path);
      for (const button of document.querySelectorAll("button")) {
        buttons += 1;
        const sentByTheBrowser = button.type === "submit" && button.form?.hasAttribute("method") === true;
        const kept = button.closest("[data-island]") !== null && !button.disabled;
        if (!sentByTheBrowser && !kept) lost.push(`${path}: ${describeElement(button)}`);
      }
      for (const form of document.querySelectorAll("form")) {
        if (!form.hasAttribute("method") && !form.closest("[data-island]")) lost.push(`${path}: ${describeElement(form)}`);
      }
    }
    expect(buttons).toBeGreaterThan(50);
    expect(lost).toEqual([]);
  });

  it("links the phone's search to the search page, and an article's Share to its share links", async () => {
    for (const [path, search] of [["/news", "/search"], ["/ne/news", "/ne/search"]] as const) {
      const document = await pageDocument(path);
      const link = document.querySelector("header [data-island='search-button'] a");
      expect(link?.getAttribute("href"), path).toBe(search);
    }
    const { articles } = await (await fetch(`${server.baseUrl}/api/news?limit=1`)).json();
    const story = `/article/${encodeURIComponent(articles[0].slug)}`;
    const document = await pageDocument(story);
    const share = document.querySelector("[data-island='article-bar'] a[aria-label='Share']");
    expect(share?.getAttribute("href")).toBe(`${story}#share`);
    expect(document.getElementById("share")?.querySelectorAll("a[href^='https://']")).toHaveLength(3);
  });
});
