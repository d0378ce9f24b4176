// The back office's articles list with 10,000 articles (issue 4: "search, filters and pagination that
// stay fast with 10,000 articles"). Seeds the rows straight into the embedded database, records the
// query plans of the list's shapes, then loads /admin/articles pages as a signed-in admin.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import path from "node:path";
import { load, newDataDir, record, removeDataDir, requireBuild, startServer, summary } from "./support.js";

requireBuild();
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const admin = { ADMIN_EMAIL: "bench@example.com", ADMIN_PASSWORD: "bench-admin-password" };

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

async function seed(dataDir) {
  const db = new PGlite(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  await db.exec(`
    insert into articles (title, slug, content, excerpt, word_count, language, writer_id, category_id, is_published, published_at)
    select 'Bench article ' || g, 'bench-article-' || g,
      '<p>' || repeat('Public money and the people who spend it. ', 40) || g || '</p>',
      'Public money and the people who spend it.', 280,
      case when g % 2 = 0 then 'ne' else 'en' end,
      (array(select id from writers order by id))[1 + g % 4],
      (array(select id from categories order by id))[1 + g % 9],
      g % 5 <> 0, now() - make_interval(mins => g)
    from generate_series(1, ${ARTICLES}) g;
    insert into article_media (article_id, url, position, kind, width, height)
      select id, '/uploads/bench.jpg', 0, 'banner', 1600, 900 from articles where slug like 'bench-article-%';
    insert into article_tags (article_id, tag_id)
      select a.id, t.id from articles a cross join lateral (select id from tags order by id limit 2 offset a.id % 8) t
      where a.slug like 'bench-article-%';
    analyze;`);
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
  // First start: migrations and the demo, with our admin.
  const first = await startServer(dataDir, admin);
  await first.stop();
  const plans = await seed(dataDir);

  const server = await startServer(dataDir, admin);
  try {
    const login = await fetch(`${server.base}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base },
      body: JSON.stringify({ username: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
    });
    const cookie = login.headers.get("set-cookie")?.split(";")[0];
    if (!login.ok || !cookie) throw new Error(`admin login failed: ${login.status}`);
    const headers = { cookie };
    const lastPage = Math.ceil((ARTICLES + 40) / 20);
    const pages = {
      first_page: "/admin/articles",
      last_page: `/admin/articles?page=${lastPage}`,
      drafts_in_category: "/admin/articles?status=draft&category=2",
      search: "/admin/articles?search=article%20999",
    };
    const results = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      const check = await fetch(server.base + pagePath, { headers });
      if (!check.ok || !(await check.text()).includes("/admin/articles/edit/")) throw new Error(`${pagePath} listed no articles`);
      results[name] = summary(await load(server.base + pagePath, { headers }));
    }
    record({ kind: "admin_articles_list", articles: ARTICLES, results, plans, server_rss_mb_after_load: server.rssMb() });
  } finally {
    await server.stop();
  }
} finally {
  removeDataDir(dataDir);
}
