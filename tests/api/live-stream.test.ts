/**
 * A live story's updates pushed as server-sent events (issue 39, docs/api.md "Pushed"): posts,
 * edits and deletions arrive as they are saved, each event's id its change number; a client that
 * reconnects with Last-Event-ID gets exactly what it missed; the end of coverage ends the streams;
 * a draft's stream is only for those who may see it; a client that goes frees what it held. And
 * the polling fallback: shared by caches for seconds, cleared by every update.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { ne } from "../../app/lib/messages.ne";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { callAt } from "./client";
import { EventStreamClient } from "./event-stream-client";

const METRICS_TOKEN = "live-stream-test-metrics";

let server: RunningServer;
let admin: string;
let reader: string;
let writerId: number;

const call = (path: string, options: Parameters<typeof callAt>[2] = {}) => callAt(server.baseUrl, path, options);
const at = (slug: string) => `/api/news/${encodeURIComponent(slug)}`;
const open = (slug: string, { headers = {}, query = "", token }: { headers?: Record<string, string>; query?: string; token?: string } = {}) =>
  EventStreamClient.open(`${server.baseUrl}${at(slug)}/updates/stream${query}`, token ? { ...headers, authorization: `Bearer ${token}` } : headers);

async function post(slug: string, body: string) {
  const res = await call(`${at(slug)}/updates`, { method: "POST", token: admin, json: { body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.update as { id: number; change_id: number };
}

async function liveStory({ published = true } = {}) {
  const res = await call("/api/news", {
    method: "POST",
    token: admin,
    json: { title: `Results from Jhapa ${crypto.randomUUID()}`, content: "<p>Counting.</p>", writer_id: writerId, is_published: String(published) },
  });
  expect(res.status).toBe(201);
  expect((await call(`${at(res.body.slug)}/live`, { method: "PUT", token: admin, json: {} })).status).toBe(200);
  return res.body as { id: number; slug: string };
}

/** The streams open on the server, from its metrics. */
async function openStreams(): Promise<number> {
  const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return Number(/^live_streams_open (\d+)$/m.exec(await res.text())?.[1]);
}

/** A stream is following once it has its retry hint: it joined its story before that was written. */
const following = (stream: EventStreamClient) => stream.until((s) => s.retry !== undefined);
/** The updates a stream has sent (its `message` events), without the key points' `coverage` events. */
const updatesOf = (stream: EventStreamClient) => stream.events.filter((event) => event.event === "message");
const payloads = (stream: EventStreamClient) => stream.events.map((event) => ({ id: event.id, event: event.event, data: JSON.parse(event.data) }));

beforeAll(async () => {
  server = await startServer({ METRICS_TOKEN });
  admin = (await call("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } })).body.token;
  reader = (await call("/api/users/register", { method: "POST", json: { name: "Reader", email: "stream-reader@test.example", password: "reader-password-1" } })).body.token;
  writerId = (await call("/api/writers", { method: "POST", token: admin, json: { name: "Desk", email: "desk@test.example" } })).body.id;
});
afterAll(async () => {
  await server?.stop();
});

describe("the stream of a live story", () => {
  it("pushes each update as it is posted, its id the change number and its data the update as ?after= gives it", async () => {
    const story = await liveStory();
    const stream = await open(story.slug, { headers: { "accept-encoding": "gzip, br" } });
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers["cache-control"]).toBe("private, no-store, no-transform");
    expect(stream.headers["content-encoding"]).toBeUndefined();
    await following(stream);
    expect(stream.retry).toBe(5000);

    const first = await post(story.slug, "<p>Turnout 61%.</p>");
    const second = await post(story.slug, "<p>First result declared.</p>");
    await stream.take(2);
    const polled = await call(`${at(story.slug)}/updates?after=0`, { token: admin });
    expect(payloads(stream)).toEqual(polled.body.updates.map((update: { change_id: number }) => ({ id: String(update.change_id), event: "message", data: update })));
    expect(polled.body.updates.map((update: { id: number }) => update.id)).toEqual([first.id, second.id]);
    stream.close();
  });

  it("pushes an edit as the same update with a new change number, and a deletion as a tombstone", async () => {
    const story = await liveStory();
    const update = await post(story.slug, "<p>Rain in Ilam.</p>");
    const stream = await open(story.slug);
    await following(stream);
    const edited = await call(`${at(story.slug)}/updates/${update.id}`, { method: "PUT", token: admin, json: { body: "<p>Heavy rain in Ilam.</p>" } });
    expect(edited.status).toBe(200);
    expect((await call(`${at(story.slug)}/updates/${update.id}`, { method: "DELETE", token: admin })).status).toBe(200);
    await stream.take(2);
    const [edit, deletion] = payloads(stream);
    expect(edit).toEqual({ id: String(edited.body.update.change_id), event: "message", data: edited.body.update });
    expect(edit!.data).toMatchObject({ id: update.id, body: "<p>Heavy rain in Ilam.</p>", edited_at: expect.any(String) });
    expect(deletion).toEqual({ id: String(edited.body.update.change_id + 1), event: "message", data: { id: update.id, change_id: edited.body.update.change_id + 1, deleted: true } });
    stream.close();
  });

  it("resumed with Last-Event-ID, sends exactly the changes missed, then the live ones", async () => {
    const story = await liveStory();
    const stream = await open(story.slug);
    await following(stream);
    await post(story.slug, "<p>One.</p>");
    await stream.take(1);
    stream.close();
    await stream.ended;
    const missed = [await post(story.slug, "<p>Two.</p>"), await post(story.slug, "<p>Three.</p>"), await post(story.slug, "<p>Four.</p>")];

    // An EventSource reconnecting sends the header and keeps the address it was opened with: the header wins.
    const resumed = await open(story.slug, { headers: { "last-event-id": stream.lastEventId }, query: "?after=0" });
    await resumed.until((s) => updatesOf(s).length >= 3);
    const live = await post(story.slug, "<p>Five.</p>");
    await resumed.until((s) => updatesOf(s).length >= 4);
    expect(updatesOf(resumed).map((event) => Number(event.id))).toEqual([...missed, live].map((update) => update.change_id));
    expect(updatesOf(resumed).map((event) => JSON.parse(event.data).id)).toEqual([...missed, live].map((update) => update.id));

    // A client that cannot set headers says the same with ?after=.
    const polling = await open(story.slug, { query: `?after=${stream.lastEventId}` });
    await polling.until((s) => s.lastEventId === String(live.change_id));
    expect(updatesOf(polling).map((event) => Number(event.id))).toEqual([...missed, live].map((update) => update.change_id));
    resumed.close();
    polling.close();
  });

  it("gives a client that saw no update its resume point, so that it misses nothing after a drop", async () => {
    const story = await liveStory();
    const before = await post(story.slug, "<p>Before the reader came.</p>");
    const stream = await open(story.slug);
    await stream.until((s) => s.lastEventId !== "");
    expect(stream.events).toEqual([]);
    expect(Number(stream.lastEventId)).toBeGreaterThanOrEqual(before.change_id);
    stream.close();
    const missed = await post(story.slug, "<p>While the reader was away.</p>");
    const resumed = await open(story.slug, { headers: { "last-event-id": stream.lastEventId } });
    await resumed.until((s) => updatesOf(s).length >= 1);
    expect(updatesOf(resumed).map((event) => JSON.parse(event.data).id)).toEqual([missed.id]);
    resumed.close();
  });

  it("pushes the key points when they change, as a coverage event that moves no resume point, and gives them to a client back from a drop", async () => {
    const story = await liveStory();
    const stream = await open(story.slug);
    await following(stream);
    const update = await post(story.slug, "<p>Counting starts.</p>");
    await stream.take(1);
    const keyPoints = "<ul><li>Turnout was 61%.</li></ul>";
    expect((await call(`${at(story.slug)}/live`, { method: "PUT", token: admin, json: { key_points: keyPoints } })).status).toBe(200);
    const [, coverage] = await stream.take(2);
    expect(coverage!.event).toBe("coverage");
    expect(JSON.parse(coverage!.data)).toEqual({ live: expect.objectContaining({ key_points: keyPoints, ended_at: null }) });
    expect(stream.lastEventId).toBe(String(update.change_id));
    // An update alone sends no coverage: the key points did not change.
    await post(story.slug, "<p>First result.</p>");
    await stream.take(3);
    expect(stream.events.map((event) => event.event)).toEqual(["message", "coverage", "message"]);
    stream.close();

    // Back after a drop during which only the key points changed: they are the first thing it gets.
    const later = "<ul><li>Turnout was 63%.</li></ul>";
    expect((await call(`${at(story.slug)}/live`, { method: "PUT", token: admin, json: { key_points: later } })).status).toBe(200);
    const resumed = await open(story.slug, { headers: { "last-event-id": stream.lastEventId } });
    const [first] = await resumed.take(1);
    expect(first!.event).toBe("coverage");
    expect(JSON.parse(first!.data).live.key_points).toBe(later);
    resumed.close();
  });

  it("tells its clients to stop when coverage ends, and closes; a stream of an ended story ends at once", async () => {
    const story = await liveStory();
    const stream = await open(story.slug);
    await following(stream);
    const last = await post(story.slug, "<p>Final result.</p>");
    const ended = await call(`${at(story.slug)}/live`, { method: "PUT", token: admin, json: { ended_at: "now" } });
    expect(ended.status).toBe(200);
    await stream.ended;
    expect(stream.events.map((event) => event.event)).toEqual(["message", "end"]);
    expect(JSON.parse(stream.events[1]!.data)).toEqual({ live: ended.body.live });

    const late = await open(story.slug, { headers: { "last-event-id": String(last.change_id - 1) } });
    await late.ended;
    expect(late.events.map((event) => [event.event, JSON.parse(event.data)])).toEqual([
      ["message", expect.objectContaining({ id: last.id })],
      ["end", { live: ended.body.live }],
    ]);

    const never = await call("/api/news", { method: "POST", token: admin, json: { title: `Not live ${crypto.randomUUID()}`, content: "<p>x</p>", writer_id: writerId, is_published: "true" } });
    const refused = await open(never.body.slug);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body)).toEqual({ error: en.liveNotStarted, code: "live_not_started" });
  });

  it("is a draft's only for those who may see it, and closes a reader's stream of a story unpublished meanwhile", async () => {
    const draft = await liveStory({ published: false });
    for (const token of [undefined, reader]) {
      const refused = await open(draft.slug, { token });
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.body)).toEqual({ error: en.articleNotFound, code: "article_not_found" });
    }
    const staff = await open(draft.slug, { token: admin });
    expect(staff.status).toBe(200);
    staff.close();

    const story = await liveStory();
    const anonymous = await open(story.slug);
    const editor = await open(story.slug, { token: admin });
    await Promise.all([following(anonymous), following(editor)]);
    expect((await call(at(story.slug), { method: "PUT", token: admin, json: { is_published: "false" } })).status).toBe(200);
    const secret = await post(story.slug, "<p>Not yet for readers.</p>");
    await anonymous.ended;
    await editor.take(1);
    expect(anonymous.events).toEqual([]);
    expect(JSON.parse(editor.events[0]!.data).id).toBe(secret.id);
    editor.close();
  });

  it("is answered alike before and after the router knows its path (the later ones skip the framework): headers, events, refusals", async () => {
    const story = await liveStory();
    const address = `${server.baseUrl}${at(story.slug)}/updates/stream`;
    const folded = `${server.baseUrl}/API/News/${encodeURIComponent(story.slug)}/Updates/Stream`;
    // The first of each path is matched by the router; the second of each goes the direct way.
    const streams = [];
    for (const url of [address, address, folded, folded]) streams.push(await EventStreamClient.open(url));
    await Promise.all(streams.map(following));
    // The policy differs only in what it vouches for: nothing in a stream runs.
    const headersOf = (stream: EventStreamClient) =>
      Object.entries(stream.headers)
        .filter(([name]) => !["date", "x-request-id", "content-security-policy"].includes(name))
        .sort(([a], [b]) => a.localeCompare(b));
    for (const stream of streams.slice(1)) {
      expect(headersOf(stream)).toEqual(headersOf(streams[0]!));
      expect(stream.headers["content-security-policy"]).toMatch(/^default-src 'self';.*frame-ancestors 'none'.*object-src 'none'$/);
    }
    expect(streams[0]!.headers).toMatchObject({ "x-content-type-options": "nosniff", "cache-control": "private, no-store, no-transform", "referrer-policy": "same-origin" });
    const update = await post(story.slug, "<p>Counted.</p>");
    for (const stream of streams) expect((await stream.take(1)).map((event) => event.id)).toEqual([String(update.change_id)]);
    for (const stream of streams) stream.close();

    // A refusal, once the path is known, is the loader's, in the client's language.
    expect((await call(at(story.slug), { method: "PUT", token: admin, json: { is_published: "false" } })).status).toBe(200);
    for (const headers of [{}, { "accept-language": "ne" }] as Record<string, string>[]) {
      const refused = await EventStreamClient.open(address, headers);
      expect(refused.status).toBe(404);
      expect(refused.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(refused.body).code).toBe("article_not_found");
    }
    const nepali = await EventStreamClient.open(address, { "accept-language": "ne" });
    expect(JSON.parse(nepali.body).error).toBe(ne.articleNotFound);
    const staff = await EventStreamClient.open(address, { authorization: `Bearer ${admin}` });
    expect(staff.status).toBe(200);
    staff.close();
  });

  it("frees a client's place when it goes", async () => {
    const story = await liveStory();
    const before = await openStreams();
    const streams = await Promise.all(Array.from({ length: 3 }, () => open(story.slug)));
    await Promise.all(streams.map(following));
    expect(await openStreams()).toBe(before + 3);
    for (const stream of streams) stream.close();
    while ((await openStreams()) !== before) await new Promise((resolve) => setImmediate(resolve));
    // HEAD is told what GET would answer, and holds nothing open.
    const head = await fetch(`${server.baseUrl}${at(story.slug)}/updates/stream`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-type")]).toEqual([200, "text/event-stream; charset=utf-8"]);
    expect(await openStreams()).toBe(before);
    // The story no longer holds them: a post reaches only the stream opened since.
    const fresh = await open(story.slug);
    await following(fresh);
    expect(await openStreams()).toBe(before + 1);
    await post(story.slug, "<p>After they left.</p>");
    await fresh.take(1);
    fresh.close();
  });
});

describe("the polling fallback", () => {
  it("is shared by caches for seconds, not a minute, and cleared by an update", async () => {
    const story = await liveStory();
    const first = await post(story.slug, "<p>Polled.</p>");
    const path = `${at(story.slug)}/updates?after=${first.change_id}`;
    const empty = await call(path);
    expect(empty.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=10");
    expect(empty.headers.get("x-shared-cache-control")).toBeNull();
    expect(empty.body.updates).toEqual([]);
    expect((await call(path)).headers.get("x-page-cache")).toBe("hit");
    const second = await post(story.slug, "<p>Polled again.</p>");
    const after = await call(path);
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(after.body.updates.map((update: { id: number }) => update.id)).toEqual([second.id]);
  });
});
