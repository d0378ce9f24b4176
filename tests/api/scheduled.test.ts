/**
 * Scheduled publishing (issue 15) through the API: a story saved as published with a time ahead
 * waits, unseen by readers, lists and feeds, and goes live by itself at its time. The test server
 * looks for due stories every second (SCHEDULE_CHECK_SECONDS).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { asFreshAdmin, baseUrl, call, newReader } from "./client";
import { createWriter } from "./fixtures";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";

async function member(role: "contributor" | "editor") {
  const reader = await newReader();
  expect((await call(`/api/users/${reader.user.id}`, { method: "PUT", token: await asFreshAdmin(), json: { role } })).status).toBe(200);
  return reader.token;
}

/** Waits until `check` holds, asking every 250 ms for at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("did not happen in time");
}

let editor: string;
let contributor: string;
let writerId: number;

beforeAll(async () => {
  [editor, contributor] = await Promise.all([member("editor"), member("contributor")]);
  writerId = (await createWriter()).id;
});

const inFuture = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe("scheduled publishing", () => {
  it("a story scheduled ahead is seen by no reader, list or feed until its time, then goes live by itself", async () => {
    const at = inFuture(8);
    const title = `Goes live by itself ${Date.now()}`;
    const created = await call("/api/news", { method: "POST", token: editor, json: { title, content: "<p>At its time.</p>", writer_id: writerId, is_published: "true", published_at: at } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ is_published: false, scheduled_at: at, published_at: at });
    const slug = created.body.slug as string;

    expect((await call(`/api/news/${slug}`)).status).toBe(404);
    expect(((await call("/api/news?limit=50")).body.articles as { slug: string }[]).some((a) => a.slug === slug)).toBe(false);
    expect(await (await fetch(`${baseUrl()}/feeds/atom.xml`)).text()).not.toContain(slug);
    const scheduled = (await call("/api/news?status=scheduled&limit=100", { token: editor })).body.articles as { slug: string }[];
    expect(scheduled.map((a) => a.slug)).toContain(slug);
    const drafts = (await call("/api/news?status=draft&limit=100", { token: editor })).body.articles as { slug: string }[];
    expect(drafts.map((a) => a.slug)).not.toContain(slug);

    await eventually(async () => (await call(`/api/news/${slug}`)).status === 200);
    const live = (await call(`/api/news/${slug}`)).body;
    expect(live).toMatchObject({ is_published: true, scheduled_at: null, published_at: at });
    expect(await (await fetch(`${baseUrl()}/feeds/atom.xml`)).text()).toContain(slug);
  });

  it("scheduling is publishing: a contributor may not; a contributor's save keeps the time an editor set", async () => {
    const refused = await call("/api/news", { method: "POST", token: contributor, json: { title: "Not mine to schedule", content: "<p>x</p>", writer_id: writerId, is_published: "true", published_at: inFuture(600) } });
    expect(refused).toMatchObject({ status: 403, body: { code: "publish_forbidden" } });

    const draft = await call("/api/news", { method: "POST", token: contributor, json: { title: `Scheduled by the desk ${Date.now()}`, content: "<p>x</p>", writer_id: writerId } });
    const slug = draft.body.slug as string;
    const at = inFuture(600);
    expect((await call(`/api/news/${slug}`, { method: "PUT", token: editor, json: { is_published: "true", published_at: at } })).body.scheduled_at).toBe(at);
    const edited = await call(`/api/news/${slug}`, { method: "PUT", token: contributor, json: { title: "Scheduled by the desk, retitled" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: "Scheduled by the desk, retitled", scheduled_at: at, is_published: false });

    // An editor's save without a time takes it off the schedule: a draft again.
    const unscheduled = await call(`/api/news/${slug}`, { method: "PUT", token: editor, json: { is_published: "false" } });
    expect(unscheduled.body).toMatchObject({ scheduled_at: null, is_published: false });
  });

  it("a time within a few seconds is now, not a schedule", async () => {
    const created = await call("/api/news", { method: "POST", token: editor, json: { title: `Now, give or take ${Date.now()}`, content: "<p>x</p>", writer_id: writerId, is_published: "true", published_at: inFuture(2) } });
    expect(created.body).toMatchObject({ is_published: true, scheduled_at: null });
  });
});

describe("scheduled publishing across a restart", () => {
  it("a story whose time came while the server was down goes live as soon as it is back, once", async () => {
    const first = await startServer();
    const login = async (server: RunningServer) =>
      ((await (await fetch(`${server.baseUrl}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }) })).json()) as { token: string }).token;
    const token = await login(first);
    const send = (server: RunningServer, path: string, json: object) =>
      fetch(`${server.baseUrl}${path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(json) }).then(async (res) => ({ status: res.status, body: await res.json() }));
    const writer = await send(first, "/api/writers", { name: "Restart Writer", email: "restart-writer@test.example" });
    const at = inFuture(6);
    const created = await send(first, "/api/news", { title: `Due while down ${Date.now()}`, content: "<p>Waited out a restart.</p>", writer_id: writer.body.id, is_published: "true", published_at: at });
    expect(created.body).toMatchObject({ is_published: false, scheduled_at: at });
    await first.stop({ keepData: true });

    // Its time passes while nothing runs.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(at) - Date.now() + 1_000));
    const second = await startServer({}, { dataDir: first.dataDir });
    try {
      const story = () => fetch(`${second.baseUrl}/api/news/${created.body.slug}`);
      await eventually(async () => (await story()).status === 200);
      expect(await (await story()).json()).toMatchObject({ is_published: true, scheduled_at: null, published_at: at });
      const audit = await fetch(`${second.baseUrl}/api/audit?action=article.publish&object_id=${created.body.id}`, { headers: { authorization: `Bearer ${await login(second)}` } });
      expect(((await audit.json()) as { entries: unknown[] }).entries).toHaveLength(1);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
