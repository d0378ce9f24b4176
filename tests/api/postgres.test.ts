/**
 * The same app on PostgreSQL (DATABASE_URL) with uploads in a bucket (MEDIA_STORAGE=s3), as a site
 * on several machines runs: migrations apply at start, two instances started together against one
 * empty database create one admin and one demo between them, and share sessions, pages, limits and
 * media.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestCluster, startCluster } from "../support/postgres-cluster.mjs";
import pg from "pg";
import sharp from "sharp";
import { type TestS3, startS3 } from "../support/s3-server.mjs";
import { type RunningServer, TEST_ADMIN, runUntilExit, startServer } from "../support/server";

/** The first admin's session token, signed in through `server`. */
async function adminToken(server: RunningServer): Promise<string> {
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

describe("PostgreSQL", () => {
  let cluster: TestCluster;
  let s3: TestS3;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    [cluster, s3] = await Promise.all([startCluster(), startS3()]);
    cluster.createDatabase("khulasa");
    const env = { DATABASE_URL: cluster.url("khulasa"), DEMO_CONTENT: "true", ...s3.env };
    servers = await Promise.all([startServer(env), startServer(env)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    cluster?.stop();
    await s3?.stop();
  });

  it("refuses to start when the bucket does not exist: one line, exit 1", async () => {
    const run = await runUntilExit({ ...s3.env, S3_BUCKET: "no-such-bucket", PORT: "0" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      `MEDIA_STORAGE=s3: the bucket "no-such-bucket" at ${s3.endpoint} does not exist. Create it, or set S3_BUCKET to one that does.`,
    ]);
  });

  it("stores an image uploaded through one instance in the bucket, where pages of the other point readers", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const token = await adminToken(a);
    const writers = (await (await fetch(`${a.baseUrl}/api/writers`)).json()) as { id: number }[];
    const image = await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#16a085" } }).jpeg().toBuffer();
    const form = new FormData();
    form.append("title", `Banner in the bucket ${Date.now()}`);
    form.append("content", "<p>Body.</p>");
    form.append("writer_id", String(writers[0]!.id));
    form.append("is_published", "true");
    form.append("banner", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "banner.jpg");
    const created = await fetch(`${a.baseUrl}/api/news`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(created.status).toBe(201);
    const { slug, image_url: imageUrl } = (await created.json()) as { slug: string; image_url: string };
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]+\.jpg$/);
    const name = imageUrl.slice("/uploads/".length);

    // The other instance sends the address it is asked for on to the bucket, whose copy is the upload.
    const moved = await fetch(`${b.baseUrl}${imageUrl}`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`${s3.publicUrl}/${name}`);
    const stored = await fetch(moved.headers.get("location")!);
    expect(stored.headers.get("content-type")).toBe("image/jpeg");
    expect(await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).toMatchObject({ width: 1000, height: 500 });
    const variant = name.replace(/\.jpg$/, "-480w.jpg");
    expect(await sharp(Buffer.from(await (await fetch(`${s3.publicUrl}/${variant}`)).arrayBuffer())).metadata()).toMatchObject({ width: 480 });
    expect((await fetch(`${a.baseUrl}/uploads/${variant}`)).url).toBe(`${s3.publicUrl}/${variant}`);

    // The story's page on the other instance has the reader fetch the image from the bucket, which its policy allows.
    const page = await fetch(`${b.baseUrl}/article/${encodeURIComponent(slug)}`);
    const html = await page.text();
    expect(html).toContain(`src="${s3.publicUrl}/${name}"`);
    expect(html).toContain(`${s3.publicUrl}/${variant} 480w`);
    expect(html).toContain(`<meta property="og:image" content="${s3.publicUrl}/${name}"/>`);
    expect(html).not.toContain(`src="/uploads/${name}"`);
    expect(page.headers.get("content-security-policy")).toMatch(new RegExp(`img-src [^;]*${s3.endpoint.replace(/[.:/]/g, "\\$&")}`));
  });

  it("refuses to start on a database that does not see Devanagari as letters (LC_CTYPE C): one line, exit 1", async () => {
    const admin = new pg.Client({ connectionString: cluster.url("postgres") });
    await admin.connect();
    try {
      await admin.query("create database bytes_only template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'");
    } finally {
      await admin.end();
    }
    const run = await runUntilExit({ DATABASE_URL: cluster.url("bytes_only"), PORT: "0" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      "The database uses UTF8 with LC_CTYPE C, which does not see Devanagari as letters: search would miss Nepali words. Create it with a UTF-8 locale (createdb -E UTF8 --locale=C.UTF-8 -T template0 …).",
    ]);
  }, 90_000);

  it("migrates, seeds once and serves the API from either instance", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const token = await adminToken(a);
    const auth = { authorization: `Bearer ${token}` };

    // A session created through one instance is valid on the other.
    const users = (await (await fetch(`${b.baseUrl}/api/users`, { headers: auth })).json()) as { role: string }[];
    expect(users.filter((u) => u.role === "admin")).toHaveLength(1);

    const seeded = [a.output(), b.output()].filter((out) => out.includes("Loaded the demo content"));
    expect(seeded).toHaveLength(1);
    const news = (await (await fetch(`${b.baseUrl}/api/news?limit=1`, { headers: auth })).json()) as { total: number };
    expect(news.total).toBeGreaterThanOrEqual(40);
    const categories = (await (await fetch(`${a.baseUrl}/api/categories`)).json()) as unknown[];
    expect(categories.length).toBeGreaterThanOrEqual(8);
  });

  it("a write on one instance refreshes the cached pages of the other", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    await fetch(`${b.baseUrl}/`);
    expect((await fetch(`${b.baseUrl}/`)).headers.get("x-page-cache")).toBe("hit");

    const token = await adminToken(a);
    const writers = (await (await fetch(`${a.baseUrl}/api/writers`)).json()) as { id: number }[];
    const title = `Cross-instance refresh ${Date.now()}`;
    const created = await fetch(`${a.baseUrl}/api/news`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ title, content: "<p>Body</p>", writer_id: writers[0]!.id, is_published: true }),
    });
    expect(created.status).toBe(201);

    // NOTIFY is asynchronous: the other instance has a second to show it.
    const deadline = Date.now() + 1_000;
    let text = await (await fetch(`${b.baseUrl}/`)).text();
    while (!text.includes(title) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      text = await (await fetch(`${b.baseUrl}/`)).text();
    }
    expect(text).toContain(title);
  });

  it("a correction on one instance refreshes that story's page on the other, and leaves its home page cached", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const token = await adminToken(a);
    const auth = { authorization: `Bearer ${token}` };
    // A story longer than its excerpt: a paragraph added at its end changes no card.
    const story = ((await (await fetch(`${a.baseUrl}/api/news?limit=10`)).json()) as { articles: { slug: string; excerpt: string }[] }).articles.find(
      (article) => article.excerpt.endsWith("…"),
    );
    const path = `/article/${encodeURIComponent(story!.slug)}`;
    for (const page of [path, "/"]) {
      await fetch(b.baseUrl + page);
      expect((await fetch(b.baseUrl + page)).headers.get("x-page-cache"), page).toBe("hit");
    }
    const stored = (await (await fetch(`${a.baseUrl}/api/news/${encodeURIComponent(story!.slug)}`, { headers: auth })).json()) as { content: string };
    const correction = `Correction ${Date.now()}`;
    const saved = await fetch(`${a.baseUrl}/api/news/${encodeURIComponent(story!.slug)}`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify({ content: `${stored.content}<p>${correction}</p>` }),
    });
    expect(saved.status).toBe(200);
    let text = "";
    for (let attempt = 0; attempt < 50 && !text.includes(correction); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await (await fetch(b.baseUrl + path)).text();
    }
    expect(text).toContain(correction);
    expect((await fetch(`${b.baseUrl}/`)).headers.get("x-page-cache")).toBe("hit");
  });

  it("a comment approved on one instance shows under its story on the other, and leaves its home page cached", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const story = ((await (await fetch(`${a.baseUrl}/api/news?limit=1`)).json()) as { articles: { id: number; slug: string }[] }).articles[0]!;
    const path = `/article/${encodeURIComponent(story.slug)}`;
    const reader = (await (
      await fetch(`${a.baseUrl}/api/users/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Cross Reader", email: `cross-${Date.now()}@test.example`, password: "reader-password-1" }),
      })
    ).json()) as { token: string };
    const remark = `Remark ${Date.now()}`;
    const posted = (await (
      await fetch(`${a.baseUrl}/api/news/${story.id}/comments`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${reader.token}` },
        body: JSON.stringify({ content: remark }),
      })
    ).json()) as { id: number };
    for (const page of [path, "/"]) {
      await fetch(b.baseUrl + page);
      expect((await fetch(b.baseUrl + page)).headers.get("x-page-cache"), page).toBe("hit");
    }
    const approved = await fetch(`${a.baseUrl}/api/comments/${posted.id}/approve`, {
      method: "PUT",
      headers: { authorization: `Bearer ${await adminToken(a)}` },
    });
    expect(approved.status).toBe(200);
    let text = "";
    for (let attempt = 0; attempt < 50 && !text.includes(remark); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await (await fetch(b.baseUrl + path)).text();
    }
    expect(text).toContain(remark);
    expect((await fetch(`${b.baseUrl}/`)).headers.get("x-page-cache")).toBe("hit");
  });

  // On PostgreSQL a burst of misses runs its queries together over the pool's connections; on the
  // embedded database they queue on its single session. Either way the page renders once.
  it("renders a page once for a burst of readers who all miss the cache together", async () => {
    const [a] = servers as [RunningServer];
    // A page number of its own: a key no earlier request filled.
    const url = `${a.baseUrl}/news?page=${100 + (Date.now() % 900)}`;
    const burst = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const res = await fetch(url);
        return { status: res.status, cache: res.headers.get("x-page-cache"), text: await res.text() };
      }),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(burst.filter((r) => r.cache === "miss")).toHaveLength(1);
    expect(new Set(burst.map((r) => r.text)).size).toBe(1);
  });

  it("counts sign-in failures across both instances, storing neither the address nor the e-mail", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const email = `shared-limit-${Date.now()}@test.example`;
    const registered = await fetch(`${a.baseUrl}/api/users/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Shared Limit", email, password: "the-right-password-1" }),
    });
    expect(registered.status).toBe(201);
    const signIn = (server: RunningServer, password: string) =>
      fetch(`${server.baseUrl}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: email, password }) }).then((res) => res.status);
    // Ten wrong passwords, half through each instance: each alone has seen five.
    for (let i = 0; i < 10; i++) expect(await signIn(i % 2 === 0 ? a : b, "a-wrong-password")).toBe(401);
    expect(await signIn(a, "the-right-password-1")).toBe(429);
    expect(await signIn(b, "the-right-password-1")).toBe(429);

    const client = new pg.Client({ connectionString: cluster.url("khulasa") });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string }>("select key from rate_limits");
      expect(rows.length).toBeGreaterThan(0);
      for (const { key } of rows) expect(key).not.toMatch(/@|127\.0\.0\.1|shared-limit/);
    } finally {
      await client.end();
    }
  });

  it("keeps Devanagari slugs and finds Nepali words", async () => {
    const [a] = servers as [RunningServer];
    const list = (await (await fetch(`${a.baseUrl}/api/news?language=ne&limit=1`)).json()) as {
      articles: { slug: string; title: string }[];
    };
    const article = list.articles[0]!;
    expect(article.slug).toMatch(/\p{Script=Devanagari}/u);
    const one = await fetch(`${a.baseUrl}/api/news/${encodeURIComponent(article.slug)}`);
    expect(one.status).toBe(200);
    const word = article.title.split(/\s+/).find((w) => /\p{Script=Devanagari}{3,}/u.test(w))!;
    const found = (await (await fetch(`${a.baseUrl}/api/news?search=${encodeURIComponent(word)}`)).json()) as {
      articles: { slug: string }[];
    };
    expect(found.articles.map((x) => x.slug)).toContain(article.slug);
  });
  it("two instances publish a scheduled story once, at its time, and both show it", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const token = await adminToken(a);
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const writers = (await (await fetch(`${a.baseUrl}/api/writers`)).json()) as { id: number }[];
    const title = `Scheduled across instances ${Date.now()}`;
    const at = new Date(Date.now() + 7_000).toISOString();
    const created = await fetch(`${a.baseUrl}/api/news`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ title, content: "<p>Once.</p>", writer_id: writers[0]!.id, is_published: "true", published_at: at }),
    });
    expect(created.status).toBe(201);
    const { id, slug } = (await created.json()) as { id: number; slug: string };
    // Instance b has the home page cached without it.
    await fetch(`${b.baseUrl}/`);
    expect(await (await fetch(`${b.baseUrl}/`)).text()).not.toContain(title);
    expect((await fetch(`${b.baseUrl}/api/news/${slug}`)).status).toBe(404);

    const until = Date.now() + 20_000;
    while ((await fetch(`${a.baseUrl}/api/news/${slug}`)).status !== 200 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await fetch(`${a.baseUrl}/api/news/${slug}`)).status).toBe(200);
    // Give the other instance a look of its own: it must find nothing left to publish.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const trail = (await (await fetch(`${b.baseUrl}/api/audit?action=article.publish&object_id=${id}`, { headers: auth })).json()) as { entries: { actor_name: string }[] };
    expect(trail.entries).toEqual([expect.objectContaining({ actor_name: "Scheduled publishing" })]);
    expect(await (await fetch(`${b.baseUrl}/`)).text()).toContain(title);
  });
});
