/**
 * Live coverage on PostgreSQL with two instances (issue 39): updates posted at once through both,
 * each on its own connections, are followed with `?after=` without a gap or a repeat, and a post
 * retried at once through both instances with one Idempotency-Key is stored once. An update posted
 * on one instance reaches the streams of both, each instance listening on one connection, and a
 * stream misses nothing while that connection is lost and opened again.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestCluster, startCluster } from "../support/postgres-cluster.mjs";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { type ApiResponse, callAt } from "./client";
import { EventStreamClient } from "./event-stream-client";

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
  const openStream = (n: number) => EventStreamClient.open(`${at(n)}/api/news/${slug}/updates/stream`);
  const following = (stream: EventStreamClient) => stream.until((s) => s.retry !== undefined);
  const post = async (n: number, body: string) => {
    const res = await callAt(at(n), `/api/news/${slug}/updates`, { method: "POST", token, json: { body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.update as { id: number; change_id: number };
  };

  it("pushes an update posted on one instance to the streams of both", async () => {
    const streams = [await openStream(0), await openStream(1)];
    await Promise.all(streams.map(following));
    const fromFirst = await post(0, "<p>Jhapa-1 declared.</p>");
    const fromSecond = await post(1, "<p>Jhapa-2 declared.</p>");
    for (const stream of streams) {
      await stream.take(2);
      expect(stream.events.map((event) => [Number(event.id), JSON.parse(event.data).id])).toEqual([
        [fromFirst.change_id, fromFirst.id],
        [fromSecond.change_id, fromSecond.id],
      ]);
      stream.close();
    }
  });

  it("listens on one connection per instance, and misses nothing while it is lost", async () => {
    const admin = new pg.Client({ connectionString: cluster.url("khulasa") });
    await admin.connect();
    try {
      const listening = () => admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN %'");
      const lost = (await listening()).rows.map((row) => row.pid);
      expect(lost).toHaveLength(2);
      const stream = await openStream(1);
      await following(stream);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)", [lost]);
      // Posted while no instance listens: its notification reaches no one.
      const missed = await post(0, "<p>Posted during the outage.</p>");
      await stream.take(1);
      expect(stream.events.map((event) => [Number(event.id), JSON.parse(event.data).id])).toEqual([[missed.change_id, missed.id]]);
      const listeningAgain = async () => (await listening()).rows.filter((row) => !lost.includes(row.pid)).length === 2;
      while (!(await listeningAgain())) await new Promise((resolve) => setTimeout(resolve, 100));
      const after = await post(0, "<p>Posted once it listens again.</p>");
      await stream.take(2);
      expect(Number(stream.events[1]!.id)).toBe(after.change_id);
      stream.close();
    } finally {
      await admin.end();
    }
  });
});
