/**
 * Search recall (issue 5, docs/product.md#nepali-text): a small Nepali and English corpus created through the
 * admin API, then searched as a reader searches. The same assertions run on the embedded database
 * (the shared test server) and on PostgreSQL (a throwaway cluster). Every search is limited to the
 * corpus's own category, so articles made by other test files never change an answer.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startCluster } from "../support/postgres-cluster.mjs";
import { TEST_ADMIN, startServer } from "../support/server";

interface Server {
  baseUrl: string;
  stop(): Promise<void>;
}

interface Listed {
  articles: { id: number; title: string; snippet?: string; tags: { name: string }[] }[];
  total: number;
}

const CORPUS = {
  genitive: { language: "ne", title: "पहाडी सडकको ठेक्का", content: "<p>नेपालको पहाडी भेगमा सडक ठेक्का वर्षौँदेखि अलपत्र छ।</p>" },
  locative: { language: "ne", title: "खानेपानी आयोजना अलपत्र", content: "<p>नेपालमा खानेपानी आयोजनाहरू समयमै सकिँदैनन्।</p>" },
  chandrabindu: { language: "ne", title: "काठमाडौँको फोहोर व्यवस्थापन", content: "<p>उपत्यकाको फोहोर बिसौनीमा थुप्रिएको छ।</p>" },
  anusvara: { language: "ne", title: "औषधि खरिदमा अनियमितता", content: "<p>काठमाडौंका अस्पतालले बजारभन्दा महँगो औषधि किने।</p>" },
  // गर्‍यो as Nepali keyboards type it: a ZWJ after the virama draws the eyelash ra.
  joiner: { language: "ne", title: "आयोगको मुद्दा", content: "<p>अख्तियारले मुद्दा दायर गर्\u200Dयो।</p>" },
  // क़ typed precomposed (U+0958); Unicode excludes it from composition, so NFC spells it क + ़.
  nukta: { language: "ne", title: "संसदबाट विधेयक पारित", content: "<p>नयाँ \u0958ानून संसदबाट पारित भयो।</p>" },
  corruptionNe: { language: "ne", title: "भ्रष्टाचार नियन्त्रणको प्रतिवेदन", content: "<p>आयोगले वार्षिक प्रतिवेदन राष्ट्रपतिलाई बुझायो।</p>" },
  // Typed decomposed (NFD), as some systems send it.
  cafe: { language: "en", title: "Thamel cafe\u0301 owners protest new tax", content: "<p>Owners say the levy came without notice.</p>" },
  stems: {
    language: "en",
    title: "Officials questioned over airport deal",
    content: "<p>The commission is investigating corrupt officials who approved an embezzlement scheme at the airport.</p>",
    is_featured: "true",
  },
  titleHit: {
    language: "en",
    title: "Ledger of the Mahakali dam",
    content: "<p>Engineers inspected the spillway.</p>",
    published_at: "2020-01-01T00:00:00Z",
  },
  bodyHit: {
    language: "en",
    title: "Spillway repairs begin",
    content: "<p>The ledger shows payments. Another ledger entry lists the ledger of the contractor.</p>",
  },
  markup: {
    language: "en",
    title: "Payments to Himal Traders",
    content: '<p>The audit found <em>payments</em> to Himal Traders &lt;b&gt;without&lt;/b&gt; receipts &amp; "no contract".</p>',
  },
  draft: {
    language: "ne",
    title: "नेपालको गोप्य मस्यौदा",
    content: "<p>नेपालमा quillwort भन्ने शब्द यो मस्यौदामा मात्र छ।</p>",
    is_published: "false",
  },
} as const;
type Key = keyof typeof CORPUS;
const PUBLISHED = Object.values(CORPUS).filter((a) => !("is_published" in a)).length;

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

function recallSuite(engine: string, start: () => Promise<Server>) {
  describe(`search recall on ${engine}`, () => {
    let server: Server;
    let token: string;
    let category: string;
    const id = {} as Record<Key, number>;
    const slug = {} as Record<Key, string>;

    async function api<T>(path: string, init: { method?: string; json?: unknown; admin?: boolean } = {}) {
      const headers: Record<string, string> = {};
      if (init.admin) headers.authorization = `Bearer ${token}`;
      if (init.json !== undefined) headers["content-type"] = "application/json";
      const res = await fetch(server.baseUrl + path, {
        method: init.method ?? "GET",
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      return { status: res.status, body: (await res.json()) as T };
    }

    /** GET /api/news in the corpus's category, as a guest unless `admin`. */
    async function search(q: string, params: Record<string, string> = {}, admin = false) {
      const query = new URLSearchParams({ search: q, category, limit: "50", ...params });
      const res = await api<Listed>(`/api/news?${query}`, { admin });
      expect(res.status, `search for ${JSON.stringify(q)}`).toBe(200);
      return res.body;
    }
    const found = async (q: string, params: Record<string, string> = {}) => (await search(q, params)).articles.map((a) => a.id);
    const ids = (...keys: Key[]) => keys.map((key) => id[key]);

    beforeAll(async () => {
      server = await start();
      const login = await api<{ token: string }>("/api/admin/login", {
        method: "POST",
        json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      token = login.body.token;
      const made = await api<{ id: number; slug: string }>("/api/categories", {
        method: "POST",
        admin: true,
        json: { name: `Search recall ${Date.now().toString(36)}`, description: "" },
      });
      category = made.body.slug;
      const writer = await api<{ id: number }>("/api/writers", {
        method: "POST",
        admin: true,
        json: { name: "Recall Writer", email: `recall-${Date.now()}@test.example` },
      });
      for (const [key, article] of Object.entries(CORPUS) as [Key, (typeof CORPUS)[Key]][]) {
        const res = await api<{ id: number; slug: string }>("/api/news", {
          method: "POST",
          admin: true,
          json: { is_published: "true", ...article, writer_id: writer.body.id, category_id: made.body.id },
        });
        expect(res.status, key).toBe(201);
        id[key] = res.body.id;
        slug[key] = res.body.slug;
      }
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
    });

    it("finds Nepali words in their inflected forms: नेपाल finds नेपालको and नेपालमा", async () => {
      expect(sorted(await found("नेपाल"))).toEqual(sorted(ids("genitive", "locative")));
    });

    it("finds English words by their stems", async () => {
      expect(await found("corruption")).toEqual(ids("stems"));
      expect(await found("investigation")).toEqual(ids("stems"));
    });

    it("finds partial words and one-letter typos by trigrams", async () => {
      expect(await found("embezz")).toEqual(ids("stems"));
      expect(await found("embezzlemant")).toEqual(ids("stems"));
      expect(await found("भ्रष्टा")).toEqual(ids("corruptionNe"));
      // ष typed as स, the commonest slip in this word.
      expect(await found("भ्रस्टाचार")).toEqual(ids("corruptionNe"));
    });

    it("ignores ZWJ/ZWNJ and Unicode normalisation on either side", async () => {
      expect(await found("गर्यो")).toEqual(ids("joiner"));
      expect(await found("गर्\u200Dयो")).toEqual(ids("joiner"));
      expect(await found("गर्\u200Cयो")).toEqual(ids("joiner"));
      expect(await found("\u0958ानून")).toEqual(ids("nukta"));
      expect(await found("\u0915\u093Cानून")).toEqual(ids("nukta"));
      expect(await found("café".normalize("NFC"))).toEqual(ids("cafe"));
      expect(await found("café".normalize("NFD"))).toEqual(ids("cafe"));
    });

    it("treats chandrabindu and anusvara as one: काठमाडौँ and काठमाडौं find each other", async () => {
      const both = sorted(ids("chandrabindu", "anusvara"));
      expect(sorted(await found("काठमाडौँ"))).toEqual(both);
      expect(sorted(await found("काठमाडौं"))).toEqual(both);
    });

    it("reads SQL and regex syntax as plain text, and the table survives", async () => {
      for (const q of ["'; drop table articles; --", ".*(", "\\", "%_", "& | ! :* <-> (", '"unclosed', "\u0000"]) {
        expect(await found(q), q).toEqual([]);
      }
      expect((await api<Listed>(`/api/news?category=${category}`)).body.total).toBe(PUBLISHED);
    });

    it("never shows drafts to readers, however they search", async () => {
      expect(await found("quillwort")).toEqual([]);
      expect(await found("quilwort")).toEqual([]);
      expect(await found("quillwort", { status: "draft" })).toEqual([]);
      expect(sorted(await found("नेपाल", { status: "all" }))).toEqual(sorted(ids("genitive", "locative")));
      // The draft is indexed: an admin finds it.
      expect((await search("quillwort", {}, true)).articles.map((a) => a.id)).toEqual(ids("draft"));
    });

    it("ranks a title hit above a body-only hit, even a newer one with the word three times", async () => {
      expect(await found("ledger")).toEqual(ids("titleHit", "bodyHit"));
    });

    it("keeps the filters and pages", async () => {
      expect(await found("corruption", { is_featured: "true" })).toEqual(ids("stems"));
      expect(await found("corruption", { is_featured: "false" })).toEqual([]);
      const first = await search("नेपाल", { limit: "1", page: "1" });
      const second = await search("नेपाल", { limit: "1", page: "2" });
      expect([first.total, second.total]).toEqual([2, 2]);
      expect(sorted([...first.articles, ...second.articles].map((a) => a.id))).toEqual(sorted(ids("genitive", "locative")));
    });

    it("returns a snippet with the match in <mark> and the article's text escaped", async () => {
      const [hit] = (await search("receipts")).articles;
      expect(hit?.id).toBe(id.markup);
      const snippet = hit?.snippet ?? "";
      expect(snippet).toContain("<mark>receipts</mark>");
      expect(snippet).toContain("&lt;b&gt;without&lt;/b&gt;");
      expect(snippet.replaceAll("<mark>", "").replaceAll("</mark>", "")).not.toMatch(/[<>]/);
      // The article's own spelling, joiner included, even though search folded it away.
      const [joined] = (await search("गर्यो")).articles;
      expect(joined?.snippet).toContain("<mark>गर्\u200Dयो</mark>");
      // Listings without a search carry no snippet.
      const listing = await api<Listed>(`/api/news?category=${category}`);
      expect(listing.body.articles.some((a) => "snippet" in a)).toBe(false);
    });

    it("cuts snippets from the body as it is now: an edit shows in the next search", async () => {
      expect((await search("receipts")).articles[0]?.snippet).toContain("&lt;b&gt;without&lt;/b&gt;");
      const edit = await api(`/api/news/${slug.markup}`, {
        method: "PUT",
        admin: true,
        json: { content: "<p>The audit found payments to Himal Traders against forged receipts.</p>" },
      });
      expect(edit.status).toBe(200);
      expect((await search("receipts")).articles.map((a) => a.snippet)).toEqual([
        "The audit found payments to Himal Traders against forged <mark>receipts</mark>.",
      ]);
    });

    it("lists an article's tags by name, in searches and listings alike", async () => {
      const tagIds: number[] = [];
      for (const name of ["Zinc mines", "Audit", "Mahakali"]) {
        const made = await api<{ id: number }>("/api/tags", { method: "POST", admin: true, json: { name: `${name} ${engine}` } });
        expect(made.status).toBe(201);
        tagIds.push(made.body.id);
      }
      expect((await api(`/api/news/${slug.stems}`, { method: "PUT", admin: true, json: { tags: tagIds } })).status).toBe(200);
      const names = (listed: Listed) => listed.articles.find((a) => a.id === id.stems)?.tags.map((tag) => tag.name);
      const inOrder = ["Audit", "Mahakali", "Zinc mines"].map((name) => `${name} ${engine}`);
      expect(names(await search("corruption"))).toEqual(inOrder);
      expect(names((await api<Listed>(`/api/news?category=${category}&limit=50`)).body)).toEqual(inOrder);
    });
  });
}

recallSuite("the embedded database", async () => ({ baseUrl: inject("baseUrl"), stop: async () => undefined }));

recallSuite("PostgreSQL", async () => {
  const cluster = await startCluster();
  try {
    cluster.createDatabase("recall");
    const server = await startServer({ DATABASE_URL: cluster.url("recall") });
    return {
      baseUrl: server.baseUrl,
      async stop() {
        await server.stop();
        cluster.stop();
      },
    };
  } catch (error) {
    cluster.stop();
    throw error;
  }
});
