import { type APIRequestContext, type Page, expect, test } from "./support/test";
import { E2E_ADMIN, adminToken, createArticle } from "./support/article-fixtures";

/**
 * Two editions of the demo newspaper (issue 13): on /ne every section, tag and writer that has a
 * Nepali name is called by it, and on both editions no list shows a story twice (a story and its
 * translation are one story). The walk goes through the pages around a story the demo has in both
 * languages, "The bridge that was paid for twice" / "दुई पटक भुक्तानी भएको पुल".
 */

interface Named {
  name_en: string | null;
  name_ne: string | null;
}

interface Detail {
  id: number;
  slug: string;
  language: "en" | "ne";
  category_slug: string | null;
  writer_id: number | null;
  tags: { slug: string }[];
  translation: { id: number } | null;
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A story's identity: the smaller id of its two versions. */
function storyKeys(request: APIRequestContext) {
  const known = new Map<string, number>();
  return async (slug: string) => {
    if (!known.has(slug)) {
      const article = await getJson<Detail>(request, `/api/news/${encodeURIComponent(slug)}`);
      known.set(slug, Math.min(article.id, article.translation?.id ?? article.id));
    }
    return known.get(slug)!;
  };
}

/** The article slugs of each list on the page: the cards inside one section, box or list. */
async function listsOn(page: Page): Promise<string[][]> {
  return page.locator("main").evaluate((main) => {
    const lists = new Map<Element, string[]>();
    for (const card of main.querySelectorAll("article")) {
      const list = card.parentElement?.closest("section, aside, ol, ul, [role=region]") ?? main;
      const href = card.querySelector("a[href*='/article/']")?.getAttribute("href") ?? "";
      const slug = decodeURIComponent(href.replace(/^.*\/article\//, ""));
      lists.set(list, [...(lists.get(list) ?? []), slug]);
    }
    return [...lists.values()];
  });
}

/** The page's words but for the stories' own (titles, excerpts, snippets), where an English word is no name. */
async function namesTextOf(page: Page): Promise<string> {
  return page.locator("body").evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    for (const storyText of copy.querySelectorAll("a[href*='/article/'], article :is(h2, h3) + p, script, style")) storyText.remove();
    return copy.textContent ?? "";
  });
}

test.describe("the Nepali and English editions", () => {
  test("on /ne nothing that has a Nepali name is called by its English one, and no list repeats a story, in either edition", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const [found] = (await getJson<{ articles: { slug: string }[] }>(request, "/api/news?search=bridge%20paid%20twice&language=en")).articles;
    const story = await getJson<Detail>(request, `/api/news/${encodeURIComponent(found!.slug)}`);
    expect(story.translation, "the demo has this story in both languages").not.toBeNull();
    const paths = [
      "/",
      `/category/${story.category_slug}`,
      `/tag/${story.tags[0]!.slug}`,
      `/writer/${story.writer_id}`,
      "/news",
      `/search?q=${encodeURIComponent("bridge or पुल")}`,
    ];

    const named = [
      ...(await getJson<Named[]>(request, "/api/categories")),
      ...(await getJson<Named[]>(request, "/api/tags")),
      ...(await getJson<Named[]>(request, "/api/writers")),
    ];
    const englishWhereNepaliExists = named.flatMap((n) => (n.name_en && n.name_ne && n.name_en !== n.name_ne ? [n.name_en] : []));
    expect(englishWhereNepaliExists.length).toBeGreaterThan(10);

    const keyOf = storyKeys(request);
    let listsSeen = 0;
    for (const prefix of ["/ne", ""]) {
      for (const path of paths) {
        const address = prefix + (prefix && path === "/" ? "" : path);
        expect((await page.goto(address))?.status(), address).toBe(200);
        for (const list of await listsOn(page)) {
          const keys = await Promise.all(list.map(keyOf));
          expect(new Set(keys).size, `a story twice in a list on ${address}: ${list.join(", ")}`).toBe(keys.length);
          listsSeen += 1;
        }
        if (prefix === "/ne") {
          const text = await namesTextOf(page);
          for (const name of englishWhereNepaliExists) expect(text, `"${name}" on ${address}`).not.toContain(name);
        }
      }
    }
    expect(listsSeen).toBeGreaterThan(paths.length * 2);

    // The story itself: its Nepali version in the Nepali search, its English one in the English.
    await page.goto(`/ne/search?q=${encodeURIComponent("bridge or पुल")}`);
    await expect(page.getByRole("main").getByRole("link", { name: "दुई पटक भुक्तानी भएको पुल" })).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("link", { name: "The bridge that was paid for twice" })).toHaveCount(0);
    await page.goto(`/search?q=${encodeURIComponent("bridge or पुल")}`);
    await expect(page.getByRole("main").getByRole("link", { name: "The bridge that was paid for twice" })).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("link", { name: "दुई पटक भुक्तानी भएको पुल" })).toHaveCount(0);
  });

  test("a story the edition lacks in its language is shown in the other, labelled and set in that language", async ({ page, request }) => {
    // A story in Nepali alone (its title's script decides), the newest: first in the English edition's All News,
    // whatever other tests have published before.
    const nepaliOnly = await createArticle(request, `हिमताल सर्वेक्षणको प्रतिवेदन ${Date.now()}`);
    expect(nepaliOnly.language).toBe("ne");
    await page.goto("/news");

    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: nepaliOnly.title, exact: true }) });
    await expect(card).toHaveAttribute("lang", "ne");
    await expect(card).toContainText("नेपाली");
    await expect(page.locator("main article[lang=en]").first()).not.toContainText("नेपाली");
  });

  test("an editor translates a story: a linked Nepali draft opens, and the articles list shows and finds both", async ({ page, request }) => {
    const story = await createArticle(request, `E2E glacier lake survey ${Date.now()}`);
    expect((await page.request.post("/api/admin/login", { data: E2E_ADMIN })).status()).toBe(200);
    await page.goto(`/admin/articles/edit/${story.slug}`);
    await page.getByRole("button", { name: "Translate into Nepali (नेपाली)" }).click();

    await expect(page).toHaveURL(new RegExp(`/admin/articles/edit/${story.slug}-ne$`));
    await expect(page.getByText("Translation draft created.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(story.title);
    await expect(page.getByRole("link", { name: "Open the English version" })).toHaveAttribute("href", `/admin/articles/edit/${story.slug}`);
    // The translator gives the draft its own title (the list below finds both versions by the original's words).
    const renamed = await request.put(`/api/news/${story.slug}-ne`, {
      headers: { authorization: `Bearer ${await adminToken(request)}` },
      data: { title: `हिमताल सर्वेक्षण ${story.title}` },
    });
    expect(renamed.status()).toBe(200);

    // In the list: each version names its language and links to the other; the filters find them.
    await page.goto(`/admin/articles?search=${encodeURIComponent(story.title)}&translation=present`);
    const rows = page.getByRole("table", { name: "Articles" }).locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.getByRole("link", { name: "Nepali (नेपाली) version (Draft)" })).toHaveAttribute("href", `/admin/articles/edit/${story.slug}-ne`);
    await expect(rows.getByRole("link", { name: "English version" })).toHaveAttribute("href", `/admin/articles/edit/${story.slug}`);
    await page.goto(`/admin/articles?search=${encodeURIComponent(story.title)}&translation=missing`);
    await expect(page.getByText("No news articles found.")).toBeVisible();

    const lone = await createArticle(request, `E2E untranslated audit ${Date.now()}`);
    await page.goto("/admin/articles");
    await page.getByRole("search", { name: "Filter articles" }).getByLabel("Translation").selectOption({ label: "Without a translation" });
    await page.getByRole("search", { name: "Filter articles" }).getByLabel("Search").fill(lone.title);
    await page.getByRole("search", { name: "Filter articles" }).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/translation=missing/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Not translated");
  });
});
