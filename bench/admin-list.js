// The back office's articles list with 10,000 articles (issue 4: "search, filters and pagination that
// stay fast with 10,000 articles"). Seeds the archive with `npm run seed`, records the query plans of
// the list's shapes, then loads /admin/articles pages as a signed-in admin with wrk.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import path from "node:path";
import { ensureWrk, newDataDir, prepareBuild, record, removeDataDir, seedArchive, signIn, startServer, summary, wrk } from "./support.js";

prepareBuild();
ensureWrk();
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
// The list's queries, as listArticles builds them: the page's ids from articles alone (newest first,
// 20 a page), then the summary joins for those ids only, plus a count. `joined_last_page` is the
// join-first shape listArticles used before, kept to show what the deferred join saves.
const SUMMARY = `select a.id, a.title, a.slug, w.name, c.name, m.url from articles a
  left join writers w on w.id = a.writer_id left join categories c on c.id = a.category_id
  left join article_media m on m.article_id = a.id and m.kind = 'banner'`;
const ORDER = "order by a.published_at desc, a.id desc";
const ids = (where, offset = 0) => `${SUMMARY} where a.id in (select a.id from articles a ${where} ${ORDER} limit 20 offset ${offset})`;
const shapes = {
  first_page: ids(""),
  last_page: ids("", ARTICLES - 20),
  joined_last_page: `${SUMMARY} ${ORDER} limit 20 offset ${ARTICLES - 20}`,
  drafts_in_category: ids("where a.is_published = false and a.category_id = 2"),
  by_writer: ids("where a.writer_id = 3"),
  count_drafts: `select count(*) from articles where is_published = false`,
};

async function queryPlans(dataDir) {
  const db = new PGlite(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  const plans = {};
  for (const [name, sql] of Object.entries(shapes)) {
    const { rows } = await db.query(`explain (analyze, costs off, timing on) ${sql}`);
    const lines = rows.map((r) => r["QUERY PLAN"]);
    plans[name] = {
      plan: lines.filter((l) => /Scan|Sort|Limit|Aggregate/.test(l)).map((l) => l.trim()).slice(0, 6),
      execution_ms: Number(lines.find((l) => l.startsWith("Execution Time"))?.match(/[\d.]+/)?.[0]),
    };
  }
  await db.close();
  return plans;
}

const dataDir = newDataDir();
try {
  seedArchive({ dataDir }, ARTICLES);
  const plans = await queryPlans(dataDir);

  const server = await startServer({ dataDir });
  try {
    const headers = { cookie: (await signIn(server.base)).cookie };
    const lastPage = Math.ceil((ARTICLES + 40) / 20);
    const pages = {
      first_page: "/admin/articles",
      last_page: `/admin/articles?page=${lastPage}`,
      drafts_in_category: "/admin/articles?status=draft&category=2",
      search: "/admin/articles?search=procurement",
    };
    const results = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      const check = await fetch(server.base + pagePath, { headers });
      if (!check.ok || !(await check.text()).includes("/admin/articles/edit/")) throw new Error(`${pagePath} listed no articles`);
      results[name] = summary(await wrk(server.base + pagePath, { headers }));
    }
    console.log(JSON.stringify(results, null, 2));
    record({ kind: "admin_articles_list", articles: ARTICLES, results, plans, server_rss_mb_after_load: server.rssMb() });
  } finally {
    await server.stop();
  }
} finally {
  removeDataDir(dataDir);
}
