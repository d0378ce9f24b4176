// What readers, apps and editors ask of one server at once (issue 11 §1), measured with wrk: the
// cached pages, the public API, search (repeated, 200 distinct, never repeated) and reads during a
// burst of article saves, each without and with `Accept-Encoding: br, gzip`. Used by
// `npm run bench` (bench/run.js) and by `npm run bench:compare` (bench/compare.js), which asks the
// same paths of an older build and of this one.
import { MIN_BARE_REQUESTS_PER_SECOND, SECONDS, commonPairQueries, json, percentiles, publishedArticles, searchPath, searchQueries, signIn, summary, wrk } from "./support.js";

const EDITORS = 8;
/**
 * The saves the editors ask for together, a second, when two builds are compared: paced, so that
 * their reads are compared under the same writes (in a closed loop a faster save only made more
 * saves, and left the readers less). Below what either build compared holds (8 a second).
 */
export const COMPARED_SAVES_PER_SECOND = 6;
const ENCODINGS = { identity: {}, br_gzip: { "Accept-Encoding": "br, gzip" } };

/** Says so when a bare node:http server was not saturated: the figures would be the generator's. */
export function slowBaseline(requestsPerSecond) {
  if (requestsPerSecond >= MIN_BARE_REQUESTS_PER_SECOND) return false;
  console.error(
    `The bare node:http server managed only ${requestsPerSecond} requests a second (at least ${MIN_BARE_REQUESTS_PER_SECOND} expected): ` +
      "the load generator or a busy machine was the limit, so these figures would not describe the server. Nothing recorded.",
  );
  process.exitCode = 1;
  return true;
}

/**
 * Editors saving until `until`, each their own article, as the back office does: signed in by
 * cookie, with the Origin the CSRF check wants, and the `updated_at` of their last save. Each save
 * adds a paragraph at the end of the body as it was: a correction further down a story, the usual
 * edit while it breaks. With `savesPerSecond`, each editor saves on a schedule (that many among
 * them, spread over the interval; a save still running when its next is due delays that one, and is
 * counted late); without, each saves again as soon as its save returns (a burst).
 */
async function saveLoop(base, session, slugs, until, savesPerSecond) {
  const latencies = [];
  let errors = 0;
  let late = 0;
  const headers = { cookie: session.cookie, origin: session.origin, "content-type": "application/json" };
  const interval = savesPerSecond ? (slugs.length * 1000) / savesPerSecond : 0;
  const start = performance.now();
  await Promise.all(
    slugs.map(async (slug, editor) => {
      const address = `${base}/api/news/${encodeURIComponent(slug)}`;
      const loaded = await json(address, { headers });
      let updatedAt = loaded.updated_at;
      for (let revision = 0; Date.now() < until; revision++) {
        const due = start + (editor / slugs.length + revision) * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        else if (interval > 0 && revision > 0) late += 1;
        if (Date.now() >= until) break;
        const content = `${loaded.content}<p>Correction ${revision} by editor ${editor}: the figures were checked again against the ledger.</p>`;
        const started = performance.now();
        const res = await fetch(address, { method: "PUT", headers, body: JSON.stringify({ content, updated_at: updatedAt }) });
        const saved = await res.json().catch(() => ({}));
        if (res.ok) {
          latencies.push(performance.now() - started);
          updatedAt = saved.updated_at;
        } else errors += 1;
      }
    }),
  );
  return { saves_per_second: Math.round(latencies.length / SECONDS), asked_per_second: savesPerSecond ?? null, late, ...percentiles(latencies, [0.5, 0.99]), errors };
}

/** The readers' paths, from the seeded archive as the public API lists it. */
export async function readPaths(base) {
  const articles = await publishedArticles(base, 2000);
  const categories = await json(`${base}/api/categories`);
  const queries = searchQueries(articles);
  return {
    articles,
    reads: {
      hot_article: { path: `/article/${encodeURIComponent(articles[0].slug)}` },
      rotation_200_articles: { paths: articles.slice(0, 200).map((a) => `/article/${encodeURIComponent(a.slug)}`) },
      home: { path: "/" },
      category: { path: `/category/${encodeURIComponent(categories[0].slug)}` },
      news: { path: "/news" },
      api_news_limit_5: { path: "/api/news?limit=5" },
      api_news_article: { path: `/api/news/${encodeURIComponent(articles[1].slug)}` },
      search_en: { path: searchPath("procurement") },
      search_ne: { path: searchPath("अख्तियार") },
      search_200_distinct: { paths: queries.slice(0, 200).map(searchPath) },
      // Every request a query not asked before in this run: no cache can answer it.
      search_never_repeated: { paths: queries.slice(200).map(searchPath), unique: true },
      search_common_pairs_never_repeated: { paths: commonPairQueries(articles).map(searchPath), unique: true },
    },
  };
}

/**
 * Cached answers are measured as readers meet them once the cache holds them: each is asked for
 * twice (a search is kept from its second request), as a browser asks (its brotli body is made for
 * the first reader who takes brotli; the plain body is always there). Warmed right before their
 * own measurement: pages with "Most read" live one ranking period (a minute), shorter than the
 * bench, and warmed once at its start they were found expired, and rendered again all at once, by
 * whichever phase came minutes later.
 */
async function warm(base, { path: one, paths }) {
  for (let round = 0; round < 2; round++) {
    for (const p of paths ?? [one]) await (await fetch(base + p, { headers: ENCODINGS.br_gzip })).arrayBuffer();
  }
}

/** The run of the middle rate among `runs` (the run itself, so that its latencies are its own). */
function medianRun(runs) {
  return [...runs].sort((a, b) => a.requests_per_second - b.requests_per_second)[Math.floor(runs.length / 2)];
}

/**
 * Each of `reads` under wrk, in both encodings, on each of `servers` (started by support.js's
 * startServer); one result object per server. With several servers (bench:compare's older build and
 * this one), each path is measured `rounds` times on every server in turn, the order reversed each
 * time, and each server's median run kept, so that a machine that grows busier or quieter during
 * the run weighs on both alike. `seconds` is each wrk run's length.
 */
export async function measureReads(servers, reads, { rounds = 1, seconds = SECONDS } = {}) {
  const results = servers.map(() => ({}));
  let turn = 0;
  for (const [encoding, headers] of Object.entries(ENCODINGS)) {
    for (const [name, { path: one, paths, unique }] of Object.entries(reads)) {
      // A never-repeated query must stay so in the second encoding and in every round: each takes its own share of the list.
      const shares = unique ? 2 * rounds : 1;
      const share = Math.floor((unique ? paths.length : 1) / shares);
      const runs = servers.map(() => []);
      for (let round = 0; round < rounds; round++) {
        const list = unique ? paths.slice(share * ((encoding === "identity" ? 0 : rounds) + round)).slice(0, share) : paths;
        const order = servers.map((_, i) => i);
        if (turn++ % 2) order.reverse();
        for (const i of order) {
          const server = servers[i];
          if (!unique) await warm(server.base, { path: one, paths });
          const stats = await wrk(server.base + (one ?? "/"), { headers, paths: list, seconds });
          runs[i].push({ ...summary(stats), ...(unique ? { distinct_queries: list.length, requests: stats.requests } : {}) });
        }
      }
      for (const [i, server] of servers.entries()) {
        results[i][`${name}.${encoding}`] = medianRun(runs[i]);
        console.log(servers.length > 1 ? `[${i}]` : "", name, encoding, JSON.stringify(results[i][`${name}.${encoding}`]), `server ${server.rssMb()} MB`);
      }
    }
  }
  return results;
}

/**
 * Reads of a hot article while editors save: drafts (the newsroom's usual write), then corrections
 * to published stories; `savesPerSecond` paces the editors (saveLoop).
 */
export async function measureWriteBurst(server, hot, articles, { savesPerSecond } = {}) {
  const base = server.base;
  const session = await signIn(base);
  const writers = await json(`${base}/api/writers`);
  const drafts = [];
  for (let i = 0; i < EDITORS; i++) {
    const draft = await json(`${base}/api/news`, {
      method: "POST",
      headers: { cookie: session.cookie, origin: session.origin, "content-type": "application/json" },
      body: JSON.stringify({ title: `Bench draft ${i} ${Date.now()}`, content: `<p>${articles[20 + i].excerpt}</p>`, writer_id: writers[0].id, is_published: false }),
    });
    drafts.push(draft.slug);
  }
  const corrections = articles.slice(10, 10 + EDITORS).map((a) => a.slug);
  const burst = {};
  for (const [kind, slugs] of Object.entries({ drafts, corrections })) {
    for (const [encoding, headers] of Object.entries(ENCODINGS)) {
      await (await fetch(base + hot)).arrayBuffer();
      const until = Date.now() + SECONDS * 1000;
      const [readers, saves] = await Promise.all([wrk(base + hot, { headers }), saveLoop(base, session, slugs, until, savesPerSecond)]);
      burst[`saving_${kind}.${encoding}`] = { readers_hot_article: summary(readers), saves };
      console.log(`saving ${kind}`, encoding, JSON.stringify(burst[`saving_${kind}.${encoding}`]), `server ${server.rssMb()} MB`);
    }
  }
  return burst;
}
