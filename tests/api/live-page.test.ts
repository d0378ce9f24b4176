/**
 * What readers get of a live story (issue 39), as a browser without scripts and a crawler read it:
 * the page's key points and updates (pinned first, then newest first, older ones a page of their
 * own), an update's own address with that update's share preview, LiveBlogPosting in place of
 * NewsArticle, the Atom feed of updates, and the "Live" badge on the story's card.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { Window } from "happy-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { LIVE_UPDATES_PAGE } from "~/lib/limits";
import { asAdmin, baseUrl, call } from "./client";
import { createArticle, createCategory } from "./fixtures";
import { fetchHead } from "./seo-support";

const abs = (path: string) => new URL(path, baseUrl()).href;
const at = (slug: string) => `/api/news/${encodeURIComponent(slug)}`;

function parse(html: string): Document {
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  return new window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
}

async function page(path: string): Promise<Document> {
  const res = await call<string>(path);
  expect(res.status, path).toBe(200);
  return parse(res.body);
}

async function setLive(slug: string, json: object) {
  const res = await call(`${at(slug)}/live`, { method: "PUT", token: await asAdmin(), json });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function post(slug: string, json: { body: string; headline?: string; pinned?: boolean }): Promise<{ id: number; published_at: string }> {
  const res = await call(`${at(slug)}/updates`, { method: "POST", token: await asAdmin(), json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.update;
}

const updateIds = (doc: Document) => [...doc.querySelectorAll("article[id^=update-]")].map((element) => Number(element.id.slice("update-".length)));

describe("a live story's page", () => {
  let story: Awaited<ReturnType<typeof createArticle>>;
  let category: Awaited<ReturnType<typeof createCategory>>;
  let pinned: { id: number };
  let posted: { id: number; published_at: string }[];

  beforeAll(async () => {
    category = await createCategory();
    story = await createArticle({ title: `Votes counted in Kathmandu-1 ${Date.now()}`, category_id: category.id });
    await setLive(story.slug, { key_points: "<ul><li>Counting began at 8 p.m.</li></ul>" });
    pinned = await post(story.slug, { headline: "How to follow the count", body: "<p>Results are posted here as they are declared.</p>", pinned: true });
    posted = [];
    // One more than a page: the oldest is on the page of older updates.
    for (let n = 1; n <= LIVE_UPDATES_PAGE + 1; n += 1) posted.push(await post(story.slug, { headline: n === 1 ? "" : `Ward ${n} declared`, body: `<p>Ward ${n} has <strong>declared</strong> its result.</p>` }));
  });

  it("shows Live, the key points, the pinned update first and then the newest, each with its time, author and own address", async () => {
    const doc = await page(`/article/${story.slug}`);
    expect(doc.querySelector("#live-key-points")?.parentElement?.textContent).toContain("Counting began at 8 p.m.");
    expect(doc.body.textContent).toMatch(/Live since/);
    const ids = updateIds(doc);
    expect(ids[0]).toBe(pinned.id);
    expect(ids.slice(1)).toEqual(posted.slice(1).map((update) => update.id).reverse().slice(0, ids.length - 1));
    const newest = doc.getElementById(`update-${posted.at(-1)!.id}`)!;
    expect(newest.querySelector("h3")?.textContent).toBe(`Ward ${LIVE_UPDATES_PAGE + 1} declared`);
    expect(newest.querySelector("strong")?.textContent).toBe("declared");
    expect(newest.querySelector("time")?.getAttribute("datetime")).toBe(posted.at(-1)!.published_at);
    expect(newest.textContent).toContain("By ");
    expect(newest.querySelector('a[href*="?update="]')?.getAttribute("href")).toBe(`/article/${story.slug}?update=${posted.at(-1)!.id}#update-${posted.at(-1)!.id}`);
    expect(doc.querySelector("[data-island=live-follow]")).not.toBeNull();
    expect([...doc.querySelectorAll("a")].find((a) => a.textContent === "Refresh for the latest")?.getAttribute("href")).toBe(`/article/${story.slug}?#live`);
  });

  it("pages older updates with ?before=, which do not follow the stream", async () => {
    const doc = await page(`/article/${story.slug}`);
    const older = [...doc.querySelectorAll("a")].find((a) => a.textContent === "Older updates")?.getAttribute("href");
    expect(older).toMatch(new RegExp(`^/article/${story.slug}\\?before=\\d+#live$`));
    const olderPage = await page(older!.replace("#live", ""));
    // The pinned update, pinned above the first page, stands in its place among the older ones.
    expect(updateIds(olderPage)).toEqual([posted[0]!.id, pinned.id]);
    expect(olderPage.querySelector("[data-island=live-follow]")).toBeNull();
    expect([...olderPage.querySelectorAll("a")].some((a) => a.textContent === "Back to the latest updates")).toBe(true);
  });

  it("shares an update's own address with its words, the story staying canonical", async () => {
    const first = posted[0]!;
    const head = await fetchHead(`/article/${story.slug}?update=${first.id}`);
    const words = "Ward 1 has declared its result.";
    expect(head.meta("description")).toBe(words);
    expect(head.meta("og:description")).toBe(words);
    expect(head.meta("twitter:description")).toBe(words);
    expect(head.meta("og:url")).toBe(abs(`/article/${story.slug}?update=${first.id}#update-${first.id}`));
    expect(head.links.find((link) => link.rel === "canonical")?.href).toBe(abs(`/article/${story.slug}`));
    // The update is shown first, whichever page of the stream it is on.
    const shared = await page(`/article/${story.slug}?update=${first.id}`);
    expect(shared.body.textContent).toContain("The update you were sent");
    // …with its id, so that the address's fragment finds it.
    expect(shared.getElementById(`update-${first.id}`)?.textContent).toContain("Ward 1 has declared");
    // One the page holds anyway is not shown twice.
    const newest = posted.at(-1)!;
    const onPage = await page(`/article/${story.slug}?update=${newest.id}`);
    expect(onPage.body.textContent).not.toContain("The update you were sent");
    expect(onPage.querySelectorAll(`#update-${newest.id}`)).toHaveLength(1);

    const plain = await fetchHead(`/article/${story.slug}`);
    for (const other of [`?update=${first.id}x`, "?update=0", "?update=999999999"]) {
      const head = await fetchHead(`/article/${story.slug}${other}`);
      expect(head.meta("og:description"), other).toBe(plain.meta("og:description"));
      expect(head.meta("og:url"), other).toBe(abs(`/article/${story.slug}`));
    }
  });

  it("describes itself as a LiveBlogPosting with its updates, and links its Atom feed of them", async () => {
    const head = await fetchHead(`/article/${story.slug}`);
    expect(head.jsonLd.some((data: any) => data["@type"] === "NewsArticle")).toBe(false);
    const blog = head.jsonLd.find((data: any) => data["@type"] === "LiveBlogPosting") as any;
    expect(blog).toMatchObject({ headline: story.title, coverageStartTime: expect.any(String), url: abs(`/article/${story.slug}`) });
    expect(blog.coverageEndTime).toBeUndefined();
    const newest = posted.at(-1)!;
    expect(blog.liveBlogUpdate).toContainEqual(
      expect.objectContaining({
        "@type": "BlogPosting",
        headline: `Ward ${LIVE_UPDATES_PAGE + 1} declared`,
        datePublished: newest.published_at,
        articleBody: `Ward ${LIVE_UPDATES_PAGE + 1} has declared its result.`,
        url: abs(`/article/${story.slug}?update=${newest.id}#update-${newest.id}`),
      }),
    );
    expect(head.links.find((link) => link.type === "application/atom+xml" && link.href?.includes("/feeds/live/"))?.href).toBe(abs(`/feeds/live/${story.slug}/atom.xml`));
  });

  it("has an Atom feed of its updates, newest first, each at its own address", async () => {
    const res = await fetch(abs(`/feeds/live/${story.slug}/atom.xml`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const text = await res.text();
    expect(XMLValidator.validate(text)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => name === "entry" }).parse(text).feed;
    expect(String(feed.title)).toBe(`${story.title}: live updates`);
    const newest = posted.at(-1)!;
    expect(String(feed.entry[0].title)).toBe(`Ward ${LIVE_UPDATES_PAGE + 1} declared`);
    expect(feed.entry[0].link["@href"]).toBe(abs(`/article/${story.slug}?update=${newest.id}#update-${newest.id}`));
    expect(String(feed.entry[0].content["#text"])).toContain("<strong>declared</strong>");
    expect((await fetch(abs("/feeds/live/no-such-story/atom.xml"))).status).toBe(404);
    const plainStory = await createArticle();
    expect((await fetch(abs(`/feeds/live/${plainStory.slug}/atom.xml`))).status).toBe(404);
  });

  it("badges the story's card while it runs, and reads as a plain story with its updates once it ends", async () => {
    const badge = (doc: Document) => [...doc.querySelectorAll("article h2, article h3")].some((heading) => heading.textContent?.startsWith("Live") && heading.textContent.includes(story.title));
    expect(badge(await page(`/category/${category.slug}`))).toBe(true);

    await setLive(story.slug, { ended_at: "now" });
    expect(badge(await page(`/category/${category.slug}`))).toBe(false);
    const doc = await page(`/article/${story.slug}`);
    expect(doc.body.textContent).toMatch(/Live coverage ended/);
    expect(doc.querySelector("[data-island=live-follow]")).toBeNull();
    expect([...doc.querySelectorAll("a")].some((a) => a.textContent === "Refresh for the latest")).toBe(false);
    expect(updateIds(doc)).toContain(posted.at(-1)!.id);
    const blog = (await fetchHead(`/article/${story.slug}`)).jsonLd.find((data: any) => data["@type"] === "LiveBlogPosting") as any;
    expect(blog.coverageEndTime).toEqual(expect.any(String));
  });
});
