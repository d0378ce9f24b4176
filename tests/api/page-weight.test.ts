/**
 * What a reader's phone downloads: the scripts a public page loads up front must not carry code
 * that only forms or the back office need (docs/product.md#public-pages-are-shared: the editor and admin code never load on public
 * pages), and the data a page hands its scripts must be what its cards show, not whole records.
 * Sizes are measured by `npm run bench`, not asserted here.
 */
import { readFile, readdir } from "node:fs/promises";
import { type IncomingHttpHeaders, get } from "node:http";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import { asAdmin, baseUrl, call } from "./client";
import { createWriter } from "./fixtures";
import { createArticleWithBanner } from "./seo-support";

/** The scripts a page names: in its HTML (the back office's), or in the list its islands start from after the first paint. */
function scriptUrlsOf(html: string): string[] {
  const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const list = islandScripts(html);
  return [...named, ...(list ? [list.entry, ...list.preload] : [])];
}

/** A reader page's list of its islands' scripts (IslandScripts), or null if it has none. */
function islandScripts(html: string): { entry: string; preload: string[] } | null {
  const json = /<script type="application\/json" id="island-scripts">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? JSON.parse(json) : null;
}

async function scriptsOf(path: string): Promise<Map<string, string>> {
  const html = await (await fetch(baseUrl() + path)).text();
  const scripts = new Map<string, string>();
  for (const url of new Set(scriptUrlsOf(html))) scripts.set(url, await (await fetch(baseUrl() + url)).text());
  return scripts;
}

describe("scripts of public pages", () => {
  it("load neither zod, nor the rich-text editor, nor server code, nor Intl date formatting", async () => {
    const list = await call("/api/news?limit=1");
    const paths = ["/", "/news", `/article/${encodeURIComponent(list.body.articles[0]?.slug ?? "none")}`, "/login"];
    for (const path of paths) {
      const scripts = await scriptsOf(path);
      expect(scripts.size, path).toBeGreaterThan(0);
      for (const [url, code] of scripts) {
        // The back office's tables (their class names survive minifying, as component names do not).
        expect(code, `${path} ${url}`).not.toMatch(/admin-table/);
        expect(code, `${path} ${url}`).not.toMatch(/ZodError|\$ZodType/);
        expect(code, `${path} ${url}`).not.toMatch(/prosemirror|@tiptap/i);
        expect(code, `${path} ${url}`).not.toMatch(/drizzle|sanitize-html|pglite/i);
        // The first Intl date formatter loads the browser's locale and zone data: 50 ms of a phone's
        // main thread. Nepal's times come from its fixed offset (lib/dates.ts).
        expect(code, `${path} ${url}`).not.toMatch(/Intl\.DateTimeFormat|toLocale(?:Date|Time)?String/);
      }
    }
  });
});

describe("password strength", () => {
  it("is judged on the server alone: no script a browser can load, on any page, carries zxcvbn or its dictionaries", async () => {
    const assets = path.join(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "client/assets");
    const scripts = (await readdir(assets)).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) expect(await readFile(path.join(assets, name), "utf8"), name).not.toMatch(/zxcvbn|passwords-common|diceware|l33tTable/i);
  });
});

describe("the scripts of a reader page", () => {
  it("are not named in its HTML but listed for after the first paint: on a slow network the page, its fonts and first picture come first, as it works before them", async () => {
    for (const path of ["/", "/ne", "/news", "/search?q=audit"]) {
      const page = await (await fetch(baseUrl() + path)).text();
      expect(page, path).not.toMatch(/<script[^>]* src=|<link[^>]* rel="modulepreload"/);
      const list = islandScripts(page);
      expect(list?.entry, path).toMatch(/^\/assets\/islands\.client-[\w-]+\.js$/);
      expect(list?.preload.length, path).toBeGreaterThanOrEqual(2);
      for (const url of [list!.entry, ...list!.preload]) expect((await fetch(baseUrl() + url)).status, url).toBe(200);
    }
  });
});

describe("the back office's scripts", () => {
  /** The files `code` imports statically (a dynamic import is a later page's). */
  const staticImports = (code: string) => [...code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)].map((m) => `/assets/${m[1]}`);

  it("never load the reader site's islands entry, which would start islands on a page that has none", async () => {
    const entry = islandScripts(await (await fetch(baseUrl() + "/")).text())?.entry;
    expect(entry).toMatch(/^\/assets\/islands\.client-[\w-]+\.js$/);
    const loaded = new Set(scriptUrlsOf(await backOfficePage()));
    expect(loaded.size).toBeGreaterThan(3);
    for (const url of loaded) {
      for (const next of staticImports(await (await fetch(baseUrl() + url)).text())) loaded.add(next);
    }
    expect([...loaded].some((url) => url.includes("/entry.client-"))).toBe(true);
    expect([...loaded]).not.toContain(entry);
  });
});

describe("a page's interface texts", () => {
  it("are fetched beside its other scripts, its own language's alone", async () => {
    for (const [path, own, other] of [["/", "Unknown Author", "अज्ञात लेखक"], ["/ne", "अज्ञात लेखक", "Unknown Author"]] as const) {
      const page = await (await fetch(baseUrl() + path)).text();
      const preloaded = islandScripts(page)?.preload ?? [];
      const texts = await Promise.all(preloaded.map(async (url) => (await fetch(baseUrl() + url)).text()));
      expect(texts.some((code) => code.includes(own)), path).toBe(true);
      expect(texts.some((code) => code.includes(other)), path).toBe(false);
    }
  });
});

describe("scripts and styles on the wire", () => {
  it("go out compressed at build time, Brotli where the browser takes it, else gzip, the same bytes once decoded, cached for a year", async () => {
    // A reader page's scripts, and the back office's stylesheet (reader pages carry theirs inline).
    const pages = [await (await fetch(baseUrl() + "/")).text(), await backOfficePage()];
    const assets = pages.flatMap((page) => [...page.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!).concat(scriptUrlsOf(page)));
    expect(assets.some((url) => url.endsWith(".css"))).toBe(true);
    for (const url of new Set(assets)) {
      const plain = Buffer.from(await (await fetch(baseUrl() + url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
      const strongest = {
        br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        gzip: gzipSync(plain, { level: 9 }).length,
      };
      for (const [encoding, decode] of [["br", brotliDecompressSync], ["gzip", gunzipSync]] as const) {
        // Node's fetch would decode the body itself; a raw request shows what travels.
        const res = await rawGet(url, encoding);
        expect(res.headers["content-encoding"], `${url} ${encoding}`).toBe(encoding);
        expect(res.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
        expect(res.headers.vary, url).toMatch(/Accept-Encoding/i);
        expect(decode(res.body).equals(plain), `${url} ${encoding}`).toBe(true);
        // As small as the strongest settings make it: compressed by the build, not per request.
        expect(res.body.length, `${url} ${encoding}`).toBeLessThanOrEqual(strongest[encoding]);
      }
    }
  });
});

/** The back office's dashboard, as a signed-in editor's browser gets it. */
async function backOfficePage(): Promise<string> {
  const res = await fetch(baseUrl() + "/admin/dashboard", { headers: { cookie: `session=${await asAdmin()}` }, redirect: "manual" });
  expect(res.status).toBe(200);
  return res.text();
}

/** The reader stylesheet a reader page links, fingerprinted. */
const readerSheetOf = (page: string) => /<link rel="stylesheet" href="(\/assets\/reader-[\w-]+\.css)" media="print" data-reader-stylesheet=""\/>/.exec(page)?.[1] ?? "";

const inlineStylesheet = (page: string) => /<head>.*<style>(.*?)<\/style>.*<\/head>/s.exec(page)?.[1] ?? "";

const INTERACTION_STATE = /:(?:hover|active|focus(?:-visible|-within)?)(?![\w-])/;

/**
 * Class names a stylesheet has rules for (read from its selectors, not its declarations); `atFirstPaint`,
 * only those with a rule for an element no one has yet pointed at, tapped or tabbed to.
 */
function styledClasses(css: string, { atFirstPaint = false } = {}): Set<string> {
  const classes = new Set<string>();
  for (const [, prelude] of css.matchAll(/([^{}]+)\{/g)) {
    if (atFirstPaint && prelude!.split(",").every((selector) => INTERACTION_STATE.test(selector))) continue;
    for (const [, name] of prelude!.matchAll(/\.((?:\\.|[\w-])+)/g)) classes.add(name!.replace(/\\(.)/g, "$1"));
  }
  return classes;
}

/** Class names on a server-rendered page. */
function classesOn(page: string): Set<string> {
  const unescape = (text: string) => text.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
  return new Set([...page.matchAll(/ class="([^"]*)"/g)].flatMap(([, list]) => unescape(list!).split(/\s+/).filter(Boolean)));
}

describe("the stylesheet of a page", () => {
  async function readerPages(): Promise<[string, string][]> {
    const list = await call("/api/news?limit=1");
    const category = (await call("/api/categories")).body.categories?.[0]?.slug ?? "none";
    const paths = ["/", "/ne", `/article/${encodeURIComponent(list.body.articles[0]?.slug ?? "none")}`, `/category/${encodeURIComponent(category)}`, "/search?q=audit", "/login", "/tips", "/no-such-page"];
    return Promise.all(paths.map(async (path) => [path, await (await fetch(baseUrl() + path)).text()] as [string, string]));
  }

  it("is carried in a reader page as the rules it uses, the whole sheet linked without holding the first paint; the tip line carries it whole", async () => {
    const whole = await (await fetch(baseUrl() + readerSheetOf(await (await fetch(baseUrl() + "/")).text()))).text();
    for (const [path, page] of await readerPages()) {
      const carried = inlineStylesheet(page).length;
      if (path === "/tips") {
        expect(page, path).not.toMatch(/<link[^>]*rel="stylesheet"/);
        // The same sheet, but for the line end a file has.
        expect(Math.abs(carried - whole.length), path).toBeLessThan(8);
        continue;
      }
      expect(carried, path).toBeGreaterThan(10_000);
      expect(carried, path).toBeLessThanOrEqual(32_000);
      expect(carried, path).toBeLessThan(whole.length * 0.65);
      // Hover, focus and press come with the linked sheet: no element is in those states at first paint.
      const interactionOnly = [...inlineStylesheet(page).matchAll(/([^{}]+)\{/g)].map(([, prelude]) => prelude!).filter((prelude) => prelude.split(",").every((selector) => INTERACTION_STATE.test(selector)));
      expect(interactionOnly, path).toEqual([]);
      // Fetched as print media (not awaited before painting), applied once there, linked plainly without scripts.
      const href = readerSheetOf(page);
      expect(page, path).toContain(`<link rel="stylesheet" href="${href}" media="print" data-reader-stylesheet=""/><script>`);
      expect(page, path).toContain(`<noscript><link rel="stylesheet" href="${href}"/></noscript>`);
    }
    const backOffice = await backOfficePage();
    expect(backOffice).toMatch(/<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css"/);
    expect(inlineStylesheet(backOffice)).toBe("");
  });

  it("links a fingerprinted sheet, kept a year and never changed; any other fingerprint is not found, and not kept", async () => {
    const href = readerSheetOf(await (await fetch(baseUrl() + "/")).text());
    const sheet = await fetch(baseUrl() + href);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toMatch(/^text\/css/);
    expect(sheet.headers.get("cache-control")).toMatch(/max-age=31536000/);
    expect(sheet.headers.get("cache-control")).toMatch(/immutable/);
    const [, name = "", fingerprint = ""] = /^\/assets\/(reader)-([\w-]+)\.css$/.exec(href) ?? [];
    for (const wrong of [`/assets/${name}-${fingerprint.slice(0, -1)}x.css`, `/assets/${name}.css`, `/assets/${name}-${fingerprint.toUpperCase()}0.css`]) {
      const answer = await fetch(baseUrl() + wrong);
      expect(answer.status, wrong).toBe(404);
      expect(answer.headers.get("cache-control") ?? "", wrong).not.toMatch(/immutable|max-age=[1-9]/);
    }
  });

  it("styles every class a reader page uses that the whole stylesheet styles at first paint: leaving the back office's sources out lost none", async () => {
    const backOffice = await backOfficePage();
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(backOffice)?.[1] ?? "";
    const whole = styledClasses(await (await fetch(baseUrl() + href)).text(), { atFirstPaint: true });
    for (const [path, page] of await readerPages()) {
      const carried = styledClasses(inlineStylesheet(page));
      const used = [...classesOn(page)].filter((name) => whole.has(name));
      expect(used.length, path).toBeGreaterThan(50);
      expect(used.filter((name) => !carried.has(name)), path).toEqual([]);
    }
  });
});

describe("the placeholder picture", () => {
  it("is kept by the browser for a month: it stands in for every missing image, on page after page", async () => {
    const res = await fetch(baseUrl() + "/placeholder.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=2592000");
    expect((await fetch(baseUrl() + "/logo.png")).headers.get("cache-control")).toBe("public, max-age=3600");
  });
});

/** A GET whose body is left as it came over the wire. */
function rawGet(path: string, encoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(baseUrl() + path, { headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

describe("the data a public page hands its scripts", () => {
  let server: RunningServer;
  const html = async (path: string) => (await fetch(server.baseUrl + path)).text();
  /** React Router's hydration data: the inline script that feeds its stream. */
  const hydrationData = (page: string) =>
    [...page.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter((script) => script.includes("streamController.enqueue")).join("");
  /** What a reader page's islands are hydrated with: their props, beside each (app/islands). */
  const islandData = (page: string) => [...page.matchAll(/data-props="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&quot;", '"')).join("");
  // The English home page is the English edition's list.
  const newest = async (limit: number) => (await (await fetch(`${server.baseUrl}/api/news?limit=${limit}&edition=en`)).json()).articles as { slug: string; excerpt: string; meta_description: string }[];

  beforeAll(async () => {
    server = await startServer({ DEMO_CONTENT: "true" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("is its islands' props alone, naming no field of the listed articles: no meta descriptions, tags, timestamps or flags", async () => {
    for (const path of ["/", "/ne", "/news", "/category/politics", "/search?q=audit"]) {
      const page = await html(path);
      // Reader pages are not hydrated whole: no loader data goes out for React Router.
      expect(hydrationData(page), path).toBe("");
      const data = islandData(page);
      expect(data.length, path).toBeGreaterThan(0);
      for (const field of ["meta_title", "meta_description", "created_at", "updated_at", "is_published", "is_featured", "read_time", "author", "tags", "excerpt", "image_url"]) {
        expect(data, `${path} ${field}`).not.toContain(`"${field}"`);
      }
    }
  });

  it("sends no excerpt for small cards, and the article page's related and latest stories as cards", async () => {
    const [lead, , , firstLatest] = await newest(8);
    const home = await html("/");
    expect(home).toContain(lead!.excerpt.slice(0, 40));
    // The home page's Latest News box starts after the three leads, as small cards.
    expect(home).not.toContain(firstLatest!.excerpt.slice(0, 40));

    const article = islandData(await html(`/article/${encodeURIComponent(firstLatest!.slug)}`));
    expect(article).not.toContain("related_news_ids");
    expect(article).not.toContain(lead!.meta_description.slice(0, 40));
  });

  it("keeps the demo's home and a story within today's weight, their comments as the fields a comment shows", async () => {
    const story = await html("/article/the-bridge-that-was-paid-for-twice");
    expect(islandData(story)).toContain('"user_name"');
    for (const field of ["news_title", "article_slug", "is_approved"]) expect(islandData(story), field).not.toContain(`"${field}"`);
    // Issue 41 asks for 40 KB (10 KB Brotli) a story and 50 KB home; docs/decisions.md says what
    // they are made of. These ceilings are today's figures with a little room, so that no change
    // adds weight unnoticed; lower them as the pages lose more.
    const brotli = (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    for (const [path, page, most, mostBrotli] of [
      ["/", await html("/"), 92_000, 13_000],
      ["/article/the-bridge-that-was-paid-for-twice", story, 80_000, 15_200],
    ] as const) {
      expect(Buffer.byteLength(page), path).toBeLessThanOrEqual(most);
      expect(brotli(page), path).toBeLessThanOrEqual(mostBrotli);
    }
  });
});


describe("the web font of a page", () => {
  const preloads = (page: string) => [...page.matchAll(/<link[^>]*rel="preload"[^>]*as="font"[^>]*>/g)].map((m) => m[0]);
  const hrefOf = (link: string) => /href="([^"]+)"/.exec(link)?.[1] ?? "";

  it("a Nepali page preloads the Devanagari face its text paints with, the one its stylesheet declares", async () => {
    const page = await (await fetch(baseUrl() + "/ne")).text();
    const [link, ...more] = preloads(page);
    expect(more).toEqual([]);
    expect(link).toContain('type="font/woff2"');
    expect(link).toContain('crossorigin="anonymous"');
    const font = await fetch(baseUrl() + hrefOf(link!));
    expect(font.status).toBe(200);
    expect(new Uint8Array(await font.arrayBuffer()).slice(0, 4)).toEqual(new TextEncoder().encode("wOF2"));

    const regularFace = /@font-face\{[^}]*font-weight:400[^}]*\}/.exec(inlineStylesheet(page))?.[0] ?? "";
    expect(regularFace).toContain(hrefOf(link!));
  });

  it("an English page preloads no font: its text is in the system font", async () => {
    const page = await (await fetch(baseUrl() + "/")).text();
    expect(preloads(page)).toEqual([]);
  });

  it("an English page's own Devanagari words come from a subset of the regular face, kept a year, far smaller than the face", async () => {
    const page = await (await fetch(baseUrl() + "/")).text();
    const css = inlineStylesheet(page);
    // The system's font for Devanagari on an English page, the subset for the header's own words.
    expect(css).toMatch(/html:lang\(en\)\{--font-sans:ui-sans-serif/);
    expect(css).toMatch(/html:lang\(en\) header \[lang\|="?ne"?\]\{font-family:"?Noto Sans Devanagari Labels/);
    const face = /@font-face\{[^}]*font-family:"?Noto Sans Devanagari Labels"?[^}]*\}/.exec(css)?.[0] ?? "";
    const href = /url\("?(\/assets\/devanagari-labels-400-[\w-]+\.woff2)"?\)/.exec(face)?.[1] ?? "";
    const subset = await fetch(baseUrl() + href);
    expect(subset.status, href).toBe(200);
    expect(subset.headers.get("cache-control")).toMatch(/immutable/);
    const bytes = new Uint8Array(await subset.arrayBuffer());
    expect(bytes.slice(0, 4)).toEqual(new TextEncoder().encode("wOF2"));
    expect(bytes.length).toBeLessThan(30_000);
  });
});

describe("the largest picture of an article's page", () => {
  /** A tag's attributes, names in lower case (React writes some in the DOM's spelling: imageSrcSet). */
  const attributes = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!.replace(/&amp;/g, "&")]));

  it("is in the HTML at high priority with its size and smaller widths, and preloaded from the head with the same candidates", async () => {
    const writer = await createWriter();
    const article = await createArticleWithBanner(
      { title: `A banner to preload ${Date.now()}`, content: "<p>The audit.</p>", writer_id: String(writer.id), is_published: "true" },
      { width: 1800, height: 1000 },
    );
    const page = await (await fetch(`${baseUrl()}/article/${encodeURIComponent(article.slug)}`)).text();
    const [head = "", body = ""] = page.split("</head>");
    const image = [...body.matchAll(/<img [^>]*>/g)].map((m) => attributes(m[0])).find((img) => img.fetchpriority === "high");
    expect(image?.src).toContain(article.image_url.replace(/\.jpg$/, ""));
    expect(image?.srcset?.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["480w", "960w", "1600w", "1800w"]);
    expect(image?.sizes).toBeTruthy();
    expect([image?.width, image?.height]).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)]);
    expect(image?.loading).not.toBe("lazy");

    // In a <picture>, the preload names its first source's candidates and type; a browser that cannot show that type skips it.
    const picture = [...body.matchAll(/<picture[^>]*>(.*?)<\/picture>/gs)].map((m) => m[1]!).find((inside) => inside.includes('fetchPriority="high"') || inside.includes('fetchpriority="high"'));
    const firstSource = picture ? [...picture.matchAll(/<source [^>]*>/g)].map((m) => attributes(m[0]))[0] : undefined;
    const expected = firstSource ? { imagesrcset: firstSource.srcset, type: firstSource.type } : { imagesrcset: image!.srcset };
    const preloads = [...head.matchAll(/<link [^>]*rel="preload"[^>]*>/g)].map((m) => attributes(m[0])).filter((link) => link.as === "image");
    expect(preloads).toEqual([expect.objectContaining({ ...expected, imagesizes: image!.sizes, fetchpriority: "high" })]);
  });
});
