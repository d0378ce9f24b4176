/**
 * Live coverage on PostgreSQL with two instances (issue 39): updates posted at once through both,
 * each on its own connections, are followed with `?after=` without a gap or a repeat, and a post
 * retried at once through both instances with one Idempotency-Key is stored once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestCluster, startCluster } from "../support/postgres-cluster.mjs";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { type ApiResponse, callAt } from "./client";

describe("live coverage on PostgreSQL, two instances", () => {
  let cluster: TestCluster;
  let servers: RunningServer[] = [];
  let token: string;
  let slug: string;

  const at = (n: number) => servers[n % servers.length]!.baseUrl;

  beforeAll(async () => {
    cluster = await startCluster();
    cluster.createDatabase("khulasa");
    const env = { DATABASE_URL: cluster.url("khulasa"), DEMO_CONTENT: "false" };
    // One first, so that the two do not race to make the first admin.
    servers = [await startServer(env)];
    servers.push(await startServer(env));
    const login = await callAt(at(0), "/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    token = login.body.token;
    const writer = await callAt(at(0), "/api/writers", { method: "POST", token, json: { name: "Desk", email: "desk@test.example" } });
    const story = await callAt(at(1), "/api/news", {
      method: "POST",
      token,
      json: { title: "Election night", content: "<p>Counting.</p>", writer_id: writer.body.id, is_published: "true" },
    });
    slug = story.body.slug;
    expect((await callAt(at(0), `/api/news/${slug}/live`, { method: "PUT", token, json: {} })).status).toBe(200);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    cluster?.stop();
  });

  it("a follower polling both instances while both take posts gets every update once, in the order of its changes", async () => {
    const POSTS = 40;
    let posting = true;
    const seen: number[] = [];
    let cursor = 0;
    let polls = 0;
    // Signed in, so that no answer comes from the shared cache: each is read from the database.
    const poll = async () => {
      const page: ApiResponse = await callAt(at(polls++), `/api/news/${slug}/updates?after=${cursor}&limit=100`, { token });
      expect(page.status).toBe(200);
      for (const update of page.body.updates as { id: number; change_id: number }[]) {
        expect(update.change_id).toBeGreaterThan(cursor);
        seen.push(update.id);
      }
      cursor = page.body.change_id;
    };
    const follow = async () => {
      while (posting) await poll();
    };
    const following = follow();
    const posted = await Promise.all(
      Array.from({ length: POSTS }, async (_, n) => {
        const res = await callAt(at(n), `/api/news/${slug}/updates`, { method: "POST", token, json: { body: `<p>Constituency ${n}</p>` } });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.update.id as number;
      }),
    );
    posting = false;
    await following;
    // Every post has been answered, so committed: one more poll catches up.
    await poll();
    expect(polls).toBeGreaterThan(2);
    expect([...seen].sort((a, b) => a - b)).toEqual([...posted].sort((a, b) => a - b));
  });

  it("one post retried at once through both instances is stored once, and every answer names it", async () => {
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => callAt(at(n), `/api/news/${slug}/updates`, { method: "POST", token, json: { body: "<p>Turnout 61%.</p>" }, headers: { "idempotency-key": key } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.update.id)).size).toBe(1);
    const stream = await callAt(at(1), `/api/news/${slug}/updates?limit=100`);
    expect((stream.body.updates as { body: string }[]).filter((update) => update.body === "<p>Turnout 61%.</p>")).toHaveLength(1);
  });
});
