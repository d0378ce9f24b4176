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

// The list's query, as listArticles builds it: summary joins, newest first, 20 a page, plus a count.
const LIST = `select a.id, a.title, a.slug, w.name, c.name, m.url from articles a
  left join writers w on w.id = a.writer_id left join categories c on c.id = a.category_id
  left join article_media m on m.article_id = a.id and m.kind = 'banner'`;
const shapes = {
  first_page: `${LIST} order by a.published_at desc, a.id desc limit 20`,
  last_page: `${LIST} order by a.published_at desc, a.id desc limit 20 offset ${ARTICLES - 20}`,
  drafts_in_category: `${LIST} where a.is_published = false and a.category_id = 2 order by a.published_at desc, a.id desc limit 20`,
  by_writer: `${LIST} where a.writer_id = 3 order by a.published_at desc, a.id desc limit 20`,
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
