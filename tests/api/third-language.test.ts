/**
 * Issue 37's proof that a language is data: the app built with one more folder in
 * app/lib/languages, Maithili's config and catalog (tests/fixtures/languages/mai) and nothing else,
 * then started and walked as a reader would: its home page, an article, a category and its feeds.
 * Maithili's catalog holds a few texts; the rest must be Nepali's, the language it falls back to.
 */
import { spawn } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { callAt } from "./client";
import { readHead } from "./seo-support";

const root = path.resolve(import.meta.dirname, "../..");
/**
 * What the build reads: the app's sources and the build's own configuration. The copy sits inside
 * the repository (build-*, ignored by git) without a package.json of its own, so that it finds the
 * repository's package.json and node_modules above it, and Vite lets it read the fonts there.
 */
const BUILD_INPUTS = ["app", "server", "vite-plugins", "public", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];

let workdir: string;
let server: RunningServer;
let token: string;

/** A copy of the app with Maithili's folder added, built into its own folder; returns the build's path. */
async function buildWithMaithili(): Promise<string> {
  workdir = await mkdtemp(path.join(root, "build-third-language-"));
  for (const entry of BUILD_INPUTS) await cp(path.join(root, entry), path.join(workdir, entry), { recursive: true });
  await cp(path.join(root, "tests/fixtures/languages/mai"), path.join(workdir, "app/lib/languages/mai"), { recursive: true });
  const build = spawn(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: workdir,
    env: { ...process.env, BUILD_DIR: "build", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  build.stdout.on("data", (chunk) => (output += chunk));
  build.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => build.once("exit", resolve));
  if (code !== 0) throw new Error(`The build with Maithili failed:\n${output}`);
  return path.join(workdir, "build");
}

const call = (pathname: string, options: Parameters<typeof callAt>[2] = {}) => callAt(server.baseUrl, pathname, options);

async function created(pathname: string, json: Record<string, unknown>) {
  const res = await call(pathname, { method: "POST", token, json });
  if (res.status !== 201) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A page as a reader's browser gets it: its document (no scripts run), its head, its HTML. */
async function page(pathname: string) {
  const res = await fetch(server.baseUrl + pathname);
  expect(res.status, pathname).toBe(200);
  const html = await res.text();
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  const document = new window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
  return { document, head: readHead(html), html, text: document.body.textContent ?? "" };
}

const REPEATED = new Set(["item", "entry"]);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => REPEATED.has(name) });

async function feed(pathname: string, contentType: RegExp) {
  const res = await fetch(server.baseUrl + pathname);
  expect(res.status, pathname).toBe(200);
  expect(res.headers.get("content-type"), pathname).toMatch(contentType);
  const text = await res.text();
  expect(XMLValidator.validate(text), pathname).toBe(true);
  return parser.parse(text);
}

let category: { id: number; slug: string };
let article: { slug: string; title: string };
const TITLE = "सड़क ठेकामे करोड़ टाकाक हेराफेरी";

beforeAll(async () => {
  const buildDir = await buildWithMaithili();
  server = await startServer({ BUILD_DIR: buildDir });
  const login = await call("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
  token = login.body.token;
  category = await created("/api/categories", { name_en: "Roads", name_ne: "सडक" });
  const writer = await created("/api/writers", { name: "Sita Jha", email: "sita@test.example", bio: "Reports on roads." });
  article = await created("/api/news", {
    title: TITLE,
    content: "<p>ठेकेदार सभकें भुगतान बिना रसीदक भेल।</p>",
    writer_id: writer.id,
    category_id: category.id,
    language: "mai",
    is_published: "true",
  });
}, 900_000);

afterAll(async () => {
  await server?.stop();
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

describe("a third language added by its config and catalog alone", () => {
  it("has a home page in Maithili: its lang, its texts, Nepali's where it has none, Devanagari digits, and every language's version", async () => {
    const { document, head, text } = await page("/mai");
    expect(document.documentElement.getAttribute("lang")).toBe("mai");
    // Its own catalog's texts, and Nepali's for the rest.
    const footerLinks = [...document.querySelectorAll("footer a")].map((link) => link.textContent?.trim());
    expect(footerLinks).toContain("सभ समाचार");
    expect(footerLinks).not.toContain("सबै समाचार");
    expect(text).toContain("उपयोगी लिंक");
    expect(head.meta("description")).toBe("भ्रष्टाचार आ सत्ताक दुरुपयोग पर खोजी रिपोर्ट।");
    // The story, with its date in Bikram Sambat and Devanagari digits.
    expect(text).toContain(TITLE);
    expect(text).toMatch(/[०-९]{4}/);
    expect(text).not.toMatch(/\b20\d\d\b/);
    expect(head.hreflang()).toEqual({
      "ne-NP": `${server.baseUrl}/ne`,
      en: `${server.baseUrl}/`,
      mai: `${server.baseUrl}/mai`,
      "x-default": `${server.baseUrl}/`,
    });
    // Its feeds are offered, under its own prefix.
    expect(head.links.filter((link) => link.type === "application/rss+xml").map((link) => link.href)).toContain(`${server.baseUrl}/mai/feeds/rss.xml`);
  });

  it("offers every other language in the switch, and is offered by theirs", async () => {
    const own = await page("/mai");
    const offered = [...own.document.querySelectorAll('[data-testid="language-switch"]')].map((link) => [link.getAttribute("href"), link.textContent]);
    expect(offered).toEqual([
      ["/ne", "नेपाली"],
      ["/", "English"],
    ]);
    const nepali = await page("/ne");
    const fromNepali = [...nepali.document.querySelectorAll('[data-testid="language-switch"]')].map((link) => [link.getAttribute("href"), link.getAttribute("lang")]);
    expect(fromNepali).toContainEqual(["/mai", "mai"]);
  });

  it("loads its own catalog and Nepali's in the browser, and no other", async () => {
    const { html } = await page("/mai");
    expect(html).toMatch(/\/assets\/messages\.mai-[\w-]+\.js/);
    // Nepali's as the reader islands use them (a config without `readerMessages`, as this one, gives its whole catalog).
    expect(html).toMatch(/\/assets\/reader-texts\.ne-[\w-]+\.js/);
    expect(html).not.toMatch(/\/assets\/(messages|reader-texts)\.en-/);
  });

  it("shows an article in Maithili under its prefix, marked as Maithili", async () => {
    const { document, head } = await page(`/mai/article/${encodeURIComponent(article.slug)}`);
    expect(document.documentElement.getAttribute("lang")).toBe("mai");
    expect(document.querySelector("h1")?.textContent).toBe(TITLE);
    expect(document.querySelector("article")?.getAttribute("lang")).toBe("mai");
    expect(head.hreflang().mai).toBe(`${server.baseUrl}/mai/article/${encodeURIComponent(article.slug)}`);
    expect(head.meta("og:locale")).toBe("mai_NP");
  });

  it("lists a category in Maithili, with Nepali's texts where its own are missing", async () => {
    const { document, text } = await page(`/mai/category/${category.slug}`);
    expect(document.documentElement.getAttribute("lang")).toBe("mai");
    expect(text).toContain(TITLE);
    // The footer's headings: its own word for 'Categories', Nepali's for 'Quick links'.
    expect(text).toContain("श्रेणी सभ");
    expect(text).toContain("उपयोगी लिंक");
  });

  it("has feeds of its edition, in RSS and Atom, titled from its catalog", async () => {
    const rss = await feed("/mai/feeds/rss.xml", /application\/rss\+xml/);
    expect(rss.rss.channel.title).toBe("खुलासा: नवका समाचार");
    expect(rss.rss.channel.language).toBe("mai");
    expect(rss.rss.channel.link).toBe(`${server.baseUrl}/mai`);
    const item = rss.rss.channel.item.find((entry: { title: string }) => entry.title === TITLE);
    expect(item?.link).toBe(`${server.baseUrl}/mai/article/${encodeURIComponent(article.slug)}`);
    expect(item?.["dc:language"]).toBe("mai");
    const atom = await feed("/mai/feeds/atom.xml", /application\/atom\+xml/);
    expect(atom.feed["@xml:lang"]).toBe("mai");
    expect(atom.feed.title).toBe("खुलासा: नवका समाचार");
    expect(atom.feed.entry.map((entry: { title: string }) => entry.title)).toContain(TITLE);
  });

  it("finds the story by its words as written (no Maithili stemmer), in its own edition", async () => {
    const { text } = await page(`/mai/search?q=${encodeURIComponent("हेराफेरी")}`);
    expect(text).toContain(TITLE);
  });
});

describe("a story in three languages", () => {
  let writerId: number;
  const versions: Record<string, { id: number; slug: string }> = {};
  const edition = async (language: string) =>
    (await call(`/api/news?writer=${writerId}&edition=${language}`)).body.articles.map((a: { slug: string }) => a.slug);
  const publish = async (language: string, published: boolean) => {
    const res = await call(`/api/news/${encodeURIComponent(versions[language]!.slug)}`, { method: "PUT", token, json: { is_published: String(published) } });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    writerId = (await created("/api/writers", { name: "Ram Yadav", email: "ram@test.example" })).id;
    const story = { content: "<p>x</p>", writer_id: writerId, is_published: "true" };
    versions.en = await created("/api/news", { ...story, title: "Canal tender rigged", language: "en" });
    versions.ne = await created("/api/news", { ...story, title: "नहर ठेक्कामा मिलेमतो", language: "ne", translation_id: versions.en!.id });
    versions.mai = await created("/api/news", { ...story, title: "नहर ठेकामे मिलीभगत", language: "mai", translation_id: versions.ne!.id });
  });

  it("links three versions, each listing the other two", async () => {
    const mai = (await call(`/api/news/${encodeURIComponent(versions.mai!.slug)}`)).body;
    expect(mai.translations.map((t: { id: number; language: string }) => [t.language, t.id])).toEqual([
      ["ne", versions.ne!.id],
      ["en", versions.en!.id],
    ]);
    // The version a Maithili reader goes to next is the Nepali one, Maithili's fallback.
    expect(mai.translation).toMatchObject({ id: versions.ne!.id, language: "ne" });
  });

  it("shows each edition its own version, and the Maithili edition the Nepali one when it has none", async () => {
    expect(await edition("mai")).toEqual([versions.mai!.slug]);
    expect(await edition("ne")).toEqual([versions.ne!.slug]);
    expect(await edition("en")).toEqual([versions.en!.slug]);
    await publish("mai", false);
    expect(await edition("mai")).toEqual([versions.ne!.slug]);
    await publish("ne", false);
    expect(await edition("mai")).toEqual([versions.en!.slug]);
    expect(await edition("ne")).toEqual([versions.en!.slug]);
    await publish("ne", true);
    await publish("mai", true);
    expect(await edition("mai")).toEqual([versions.mai!.slug]);
  });

  it("names every published version in an article page's alternates", async () => {
    const { head } = await page(`/article/${encodeURIComponent(versions.en!.slug)}`);
    const alternates = head.hreflang();
    expect(alternates.mai).toBe(`${server.baseUrl}/mai/article/${encodeURIComponent(versions.mai!.slug)}`);
    expect(alternates["ne-NP"]).toBe(`${server.baseUrl}/ne/article/${encodeURIComponent(versions.ne!.slug)}`);
  });

  it("starts a translation into the first language a story lacks, and refuses one when it lacks none", async () => {
    const english = await created("/api/news", { content: "<p>x</p>", writer_id: writerId, title: "Dam audit", language: "en" });
    const translate = (slug: string) => call(`/api/news/${encodeURIComponent(slug)}/translation`, { method: "POST", token });
    const first = await translate(english.slug);
    expect(first.status).toBe(201);
    expect(first.body.language).toBe("ne");
    const second = await translate(english.slug);
    expect(second.status).toBe(201);
    expect(second.body.language).toBe("mai");
    const third = await translate(english.slug);
    expect(third.status).toBe(409);
    expect(third.body.code).toBe("already_translated");
    expect((await translate(versions.mai!.slug)).status).toBe(409);
  });
});
