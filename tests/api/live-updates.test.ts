/**
 * Live coverage (issue 39), its API: a story is started, updated by the minute, followed by
 * clients that resume from the last change they saw (edits and deletions included), and ended;
 * a post retried with its Idempotency-Key is stored once; each role may do what docs/api.md says.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { ne } from "../../app/lib/messages.ne";
import { type ApiResponse, asAdmin, asFreshAdmin, call, newReader } from "./client";
import { createArticle, createWriter } from "./fixtures";

type Role = "contributor" | "author" | "editor";

async function member(role: Role) {
  const reader = await newReader();
  expect((await call(`/api/users/${reader.user.id}`, { method: "PUT", token: await asFreshAdmin(), json: { role } })).status).toBe(200);
  return { token: reader.token, name: reader.user.name };
}

let editor: { token: string; name: string };
let author: { token: string; name: string };
let writerId: number;

beforeAll(async () => {
  [editor, author] = await Promise.all([member("editor"), member("author")]);
  writerId = (await createWriter()).id;
});

const at = (slug: string) => `/api/news/${encodeURIComponent(slug)}`;
const setLive = (slug: string, token: string | null, json: object) => call(`${at(slug)}/live`, { method: "PUT", token, json });
const post = (slug: string, token: string | null, json: object, key?: string) =>
  call(`${at(slug)}/updates`, { method: "POST", token, json, headers: key === undefined ? {} : { "idempotency-key": key } });
const edit = (slug: string, id: number, token: string | null, json: object) => call(`${at(slug)}/updates/${id}`, { method: "PUT", token, json });
const remove = (slug: string, id: number, token: string | null) => call(`${at(slug)}/updates/${id}`, { method: "DELETE", token });
const stream = (slug: string, query = "", token: string | null = null) => call(`${at(slug)}/updates${query}`, { token });

/** A published story whose coverage has started. */
async function liveStory(title = `Counting in Kathmandu-1 ${Date.now()}`) {
  const article = await createArticle({ writer_id: writerId, title });
  expect((await setLive(article.slug, editor.token, {})).status).toBe(200);
  return article;
}

async function posted(slug: string, token: string, json: object, key?: string) {
  const res = await post(slug, token, json, key);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.update as { id: number; change_id: number; body: string; headline: string };
}

const ids = (res: ApiResponse) => (res.body.updates as { id: number }[]).map((update) => update.id);

describe("live coverage's life cycle", () => {
  it("starts, takes updates newest first, shows edits and deletions to a client that resumes, and ends", async () => {
    const article = await createArticle({ writer_id: writerId, title: `Flood on the Koshi ${Date.now()}` });
    expect((await call(at(article.slug))).body.live).toBeNull();
    expect(await post(article.slug, editor.token, { body: "<p>Too early.</p>" })).toMatchObject({ status: 409, body: { error: en.liveNotStarted, code: "live_not_started" } });

    const started = await setLive(article.slug, editor.token, { key_points: "<ul><li>The Koshi barrage has all gates open.</li></ul><script>alert(1)</script>" });
    expect(started.status).toBe(200);
    expect(started.body.live).toEqual({ started_at: expect.any(String), ended_at: null, key_points: "<ul><li>The Koshi barrage has all gates open.</li></ul>" });
    const story = (await call(at(article.slug))).body;
    expect(story.live).toEqual(started.body.live);
    const listed = (await call(`/api/news?writer=${writerId}&limit=100`)).body.articles.find((a: { id: number }) => a.id === article.id);
    expect(listed.live).toEqual({ started_at: started.body.live.started_at, ended_at: null });

    const first = await post(article.slug, editor.token, { headline: "Gates open", body: '<p>All 56 gates are open.</p><img src="x" onerror="alert(1)">' });
    expect(first.status).toBe(201);
    expect(first.body.update).toEqual({
      id: expect.any(Number),
      change_id: first.body.update.id,
      headline: "Gates open",
      body: '<p>All 56 gates are open.</p><img src="x" />',
      pinned: false,
      published_at: expect.any(String),
      edited_at: null,
      author: { name: editor.name },
    });
    const second = await posted(article.slug, author.token, { body: "<p>Sunsari is evacuating.</p>", pinned: true });
    expect(second.id).toBeGreaterThan(first.body.update.id);

    const whole = await stream(article.slug);
    expect(whole.status).toBe(200);
    expect(ids(whole)).toEqual([second.id, first.body.update.id]);
    expect(whole.body).toMatchObject({ live: started.body.live, change_id: second.id, has_more: false });
    const cursor = whole.body.change_id as number;

    const edited = await edit(article.slug, first.body.update.id, editor.token, { body: "<p>All 56 gates are open, the most since 2008.</p>" });
    expect(edited.status).toBe(200);
    expect(edited.body.update).toMatchObject({ id: first.body.update.id, headline: "Gates open", body: "<p>All 56 gates are open, the most since 2008.</p>", edited_at: expect.any(String) });
    expect(edited.body.update.change_id).toBeGreaterThan(cursor);
    expect((await remove(article.slug, second.id, editor.token)).status).toBe(200);

    // A client that had seen everything up to `cursor` learns of the edit and of the deletion, in that order.
    const since = await stream(article.slug, `?after=${cursor}`);
    expect(since.body.updates).toEqual([
      edited.body.update,
      { id: second.id, change_id: expect.any(Number), deleted: true },
    ]);
    expect(since.body.change_id).toBe(since.body.updates[1].change_id);
    expect(JSON.stringify(since.body)).not.toContain("Sunsari");
    // The deleted update is gone from the stream, and cannot be changed or deleted again.
    expect(ids(await stream(article.slug))).toEqual([first.body.update.id]);
    expect(await edit(article.slug, second.id, editor.token, { pinned: false })).toMatchObject({ status: 404, body: { code: "live_update_not_found" } });
    expect((await remove(article.slug, second.id, editor.token)).status).toBe(404);
    // Caught up: nothing more.
    expect((await stream(article.slug, `?after=${since.body.change_id}`)).body).toMatchObject({ updates: [], change_id: since.body.change_id, has_more: false });

    const ended = await setLive(article.slug, editor.token, { ended_at: "now" });
    expect(ended.body.live.ended_at).toEqual(expect.any(String));
    expect((await call(at(article.slug))).body.live.ended_at).toBe(ended.body.live.ended_at);
    expect(await post(article.slug, editor.token, { body: "<p>Too late.</p>" })).toMatchObject({ status: 409, body: { error: en.liveEnded, code: "live_ended" } });
    // The stream stays, and can still be corrected.
    expect((await edit(article.slug, first.body.update.id, editor.token, { headline: "All gates open" })).status).toBe(200);
    // A change of the coverage is a change too: a client resuming sees a new cursor and the coverage as it is.
    const afterEnd = await stream(article.slug, `?after=${since.body.change_id}`);
    expect(afterEnd.body.live.ended_at).toBe(ended.body.live.ended_at);
    expect(afterEnd.body.change_id).toBeGreaterThan(since.body.change_id);

    // Reopened, it takes updates again.
    expect((await setLive(article.slug, editor.token, { ended_at: null })).body.live.ended_at).toBeNull();
    await posted(article.slug, editor.token, { body: "<p>The water is rising again.</p>" });

    const trail = await call(`/api/audit?object_id=${article.id}&object=live&limit=100`, { token: await asAdmin() });
    expect(trail.body.entries.map((entry: { action: string }) => entry.action)).toEqual(["live.start", "live.end", "live.start"]);
    const updateTrail = await call(`/api/audit?object_id=${second.id}&object=live_update`, { token: await asAdmin() });
    expect(updateTrail.body.entries.map((entry: { action: string; actor_name: string }) => [entry.action, entry.actor_name])).toEqual([
      ["live_update.delete", editor.name],
      ["live_update.create", author.name],
    ]);
    // The trail keeps who and when, never the words of a deleted update.
    expect(JSON.stringify(updateTrail.body)).not.toContain("Sunsari");
  });

  it("refuses an update with nothing to show, and times in the future or an end before the start", async () => {
    const article = await liveStory();
    expect(await post(article.slug, editor.token, { body: "<p> </p><script>x</script>" })).toMatchObject({ status: 400, body: { code: "live_update_body_required" } });
    expect(await post(article.slug, editor.token, { body: "" }, undefined)).toMatchObject({ status: 400, body: { error: en.liveUpdateBodyRequired } });
    const nepali = await call(`${at(article.slug)}/updates?lang=ne`, { method: "POST", token: editor.token, json: { body: "  " } });
    expect(nepali.body.error).toBe(ne.liveUpdateBodyRequired);
    await posted(article.slug, editor.token, { body: '<p><img src="/uploads/flood.webp" alt="The barrage"></p>' });

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(await setLive(article.slug, editor.token, { ended_at: tomorrow })).toMatchObject({ status: 400, body: { code: "live_time_in_future" } });
    expect(await setLive(article.slug, editor.token, { started_at: tomorrow })).toMatchObject({ status: 400, body: { code: "live_time_in_future" } });
    expect(await setLive(article.slug, editor.token, { ended_at: "2020-01-01T00:00:00Z" })).toMatchObject({ status: 400, body: { code: "live_ends_before_start" } });
    expect(await setLive(article.slug, editor.token, { ended_at: "yesterday" })).toMatchObject({ status: 400, body: { code: "live_time_invalid" } });
    // Backdated to when the flood began, with its offset.
    const backdated = await setLive(article.slug, editor.token, { started_at: "2026-07-01T06:00:00+05:45" });
    expect(backdated.body.live.started_at).toBe("2026-07-01T00:15:00.000Z");

    const never = await createArticle({ writer_id: writerId });
    expect(await setLive(never.slug, editor.token, { ended_at: "now" })).toMatchObject({ status: 409, body: { code: "live_not_started" } });
    expect((await call(at(never.slug))).body.live).toBeNull();
  });
});

describe("following the stream", () => {
  it("?after= gives only what changed since, oldest change first, page by page without a gap", async () => {
    const article = await liveStory();
    const made = [];
    for (let n = 1; n <= 5; n += 1) made.push(await posted(article.slug, editor.token, { body: `<p>Result ${n}</p>` }));
    const [one, two, three, four, five] = made.map((update) => update.id) as [number, number, number, number, number];

    expect(ids(await stream(article.slug, `?after=${two}`))).toEqual([three, four, five]);
    expect(ids(await stream(article.slug, `?after=${five}`))).toEqual([]);

    const firstPage = await stream(article.slug, `?after=0&limit=2`);
    expect(ids(firstPage)).toEqual([one, two]);
    expect(firstPage.body).toMatchObject({ has_more: true, change_id: two });
    const secondPage = await stream(article.slug, `?after=${firstPage.body.change_id}&limit=2`);
    expect(ids(secondPage)).toEqual([three, four]);
    const lastPage = await stream(article.slug, `?after=${secondPage.body.change_id}&limit=2`);
    expect(lastPage.body).toMatchObject({ has_more: false, change_id: five });
    expect(ids(lastPage)).toEqual([five]);

    // The stream itself, newest first, and the page before an id.
    const newest = await stream(article.slug, "?limit=2");
    expect(ids(newest)).toEqual([five, four]);
    expect(newest.body.has_more).toBe(true);
    expect(ids(await stream(article.slug, `?before=${four}&limit=2`))).toEqual([three, two]);
    expect(ids(await stream(article.slug, `?before=${two}&limit=2`))).toEqual([one]);

    expect(await stream(article.slug, "?after=1&before=2")).toMatchObject({ status: 400, body: { code: "invalid_input" } });
    expect(await stream(article.slug, "?after=-1")).toMatchObject({ status: 400, body: { code: "invalid_input" } });
  });

  it("is public and shared from the cache, and a new update reaches the next reader at once", async () => {
    const article = await liveStory();
    const first = await posted(article.slug, editor.token, { body: "<p>Polls have closed.</p>" });
    await stream(article.slug);
    const cached = await stream(article.slug);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(cached.headers.get("cache-control")).toContain("public");

    const second = await posted(article.slug, editor.token, { body: "<p>Counting begins.</p>" });
    expect(ids(await stream(article.slug))).toEqual([second.id, first.id]);
    expect(ids(await stream(article.slug, `?after=${first.change_id}`))).toEqual([second.id]);
  });

  it("of a draft exists only for those who may see the draft", async () => {
    const draft = await createArticle({ writer_id: writerId, is_published: "false" });
    expect((await setLive(draft.slug, editor.token, {})).status).toBe(200);
    const update = await posted(draft.slug, editor.token, { body: "<p>Prepared before publication.</p>" });
    expect(await stream(draft.slug)).toMatchObject({ status: 404, body: { code: "article_not_found" } });
    expect((await stream(draft.slug, "", (await newReader()).token)).status).toBe(404);
    expect(ids(await stream(draft.slug, "", editor.token))).toEqual([update.id]);
    // Another's draft does not exist for an author either.
    expect((await post(draft.slug, author.token, { body: "<p>Mine</p>" })).status).toBe(404);
    expect((await stream("no-such-story")).status).toBe(404);
  });
});

describe("an update posted twice by a retry", () => {
  it("is stored once: the retry answers 200 with the same update", async () => {
    const article = await liveStory();
    const key = `composer-${crypto.randomUUID()}`;
    const first = await post(article.slug, author.token, { body: "<p>Turnout 61%.</p>" }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await post(article.slug, author.token, { body: "<p>Turnout 61%.</p>" }, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(ids(await stream(article.slug))).toEqual([first.body.update.id]);

    // The key is the author's and the story's: another author's post with it is their own.
    const other = await post(article.slug, editor.token, { body: "<p>Turnout 61%.</p>" }, key);
    expect(other.status).toBe(201);
    expect(other.body.update.id).not.toBe(first.body.update.id);
    // Without a key, every post is a new update.
    await posted(article.slug, author.token, { body: "<p>Turnout 61%.</p>" });
    expect(ids(await stream(article.slug))).toHaveLength(3);
  });

  it("with the same key and a different update is refused, and nothing is stored", async () => {
    const article = await liveStory();
    const key = crypto.randomUUID();
    const first = await posted(article.slug, author.token, { body: "<p>Turnout 61%.</p>" }, key);
    const changed = await post(article.slug, author.token, { body: "<p>Turnout 62%.</p>" }, key);
    expect(changed).toMatchObject({ status: 422, body: { error: en.idempotencyKeyReused, code: "idempotency_key_reused" } });
    expect(ids(await stream(article.slug))).toEqual([first.id]);
    expect(await post(article.slug, author.token, { body: "<p>x</p>" }, "x".repeat(256))).toMatchObject({ status: 400, body: { code: "idempotency_key_invalid" } });
    expect(await post(article.slug, author.token, { body: "<p>x</p>" }, "two words")).toMatchObject({ status: 400, body: { code: "idempotency_key_invalid" } });
  });

  it("finds its update after coverage ended, and is told when it was deleted since", async () => {
    const article = await liveStory();
    const kept = crypto.randomUUID();
    const gone = crypto.randomUUID();
    const update = await posted(article.slug, author.token, { body: "<p>Kept.</p>" }, kept);
    const deleted = await posted(article.slug, author.token, { body: "<p>Deleted.</p>" }, gone);
    expect((await remove(article.slug, deleted.id, author.token)).status).toBe(200);
    expect((await setLive(article.slug, editor.token, { ended_at: "now" })).status).toBe(200);

    const retry = await post(article.slug, author.token, { body: "<p>Kept.</p>" }, kept);
    expect(retry.status).toBe(200);
    expect(retry.body.update.id).toBe(update.id);
    expect(await post(article.slug, author.token, { body: "<p>Deleted.</p>" }, gone)).toMatchObject({ status: 410, body: { code: "live_update_deleted" } });
  });
});

describe("who may do what", () => {
  it("authors post to any live story they can see, and change only their own updates; editors change any", async () => {
    const article = await liveStory();
    const editors = await posted(article.slug, editor.token, { body: "<p>The desk's.</p>" });
    const authors = await posted(article.slug, author.token, { body: "<p>From the field.</p>" });
    expect(await edit(article.slug, editors.id, author.token, { body: "<p>Rewritten.</p>" })).toMatchObject({ status: 403, body: { code: "role_forbidden" } });
    expect(await remove(article.slug, editors.id, author.token)).toMatchObject({ status: 403, body: { code: "role_forbidden" } });
    expect((await edit(article.slug, authors.id, author.token, { pinned: true })).body.update).toMatchObject({ pinned: true, edited_at: null });
    expect((await edit(article.slug, authors.id, editor.token, { headline: "From Biratnagar" })).body.update).toMatchObject({ headline: "From Biratnagar", edited_at: expect.any(String) });
    expect(ids(await stream(article.slug))).toEqual([authors.id, editors.id]);
    // Updates are reached only through their own story.
    const elsewhere = await liveStory();
    expect((await edit(elsewhere.slug, authors.id, editor.token, { pinned: false })).status).toBe(404);
  });

  it("contributors, readers and guests post nothing; an author manages only their own story's coverage", async () => {
    const article = await liveStory();
    const contributor = await member("contributor");
    expect(await post(article.slug, contributor.token, { body: "<p>Hello</p>" })).toMatchObject({ status: 403, body: { error: en.roleForbidden } });
    expect(await post(article.slug, (await newReader()).token, { body: "<p>Hello</p>" })).toMatchObject({ status: 403, body: { error: en.adminRequired } });
    expect(await post(article.slug, null, { body: "<p>Hello</p>" })).toMatchObject({ status: 401, body: { error: en.loginRequiredAdmin } });
    expect(await setLive(article.slug, author.token, { ended_at: "now" })).toMatchObject({ status: 403, body: { code: "role_forbidden" } });
    expect(await setLive(article.slug, null, { ended_at: "now" })).toMatchObject({ status: 401 });
    expect(ids(await stream(article.slug))).toEqual([]);
    expect((await call(at(article.slug))).body.live.ended_at).toBeNull();
  });
});
