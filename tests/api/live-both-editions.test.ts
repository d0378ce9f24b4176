/**
 * Live coverage in both editions (issue 39): one post carries the update for the story's other
 * edition too, in its own words; both are stored in one transaction, or neither, and a retry with
 * the same Idempotency-Key stores neither again. On PostgreSQL, the two editions' desks posting to
 * both at the same moment lock the two stories in one order, and neither waits on the other for good.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { ne } from "../../app/lib/messages.ne";
import { type TestCluster, startCluster } from "../support/postgres-cluster.mjs";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { asAdmin, asFreshAdmin, baseUrl, call, callAt, newReader } from "./client";
import { EventStreamClient } from "./event-stream-client";
import { createArticle, createWriter } from "./fixtures";

let editor: string;
let author: string;
let writerId: number;

async function member(role: "author" | "editor") {
  const reader = await newReader();
  expect((await call(`/api/users/${reader.user.id}`, { method: "PUT", token: await asFreshAdmin(), json: { role } })).status).toBe(200);
  return reader.token;
}

beforeAll(async () => {
  [editor, author] = await Promise.all([member("editor"), member("author")]);
  writerId = (await createWriter()).id;
});

const at = (slug: string) => `/api/news/${encodeURIComponent(slug)}`;
const setLive = (slug: string, json: object) => call(`${at(slug)}/live`, { method: "PUT", token: editor, json });
const post = (slug: string, json: object, key?: string, token = editor, language = "en") =>
  call(`${at(slug)}/updates`, { method: "POST", token, json, headers: { "accept-language": language, ...(key === undefined ? {} : { "idempotency-key": key }) } });
/** The story's updates as its readers (or, for a draft, its editor) see them: headline and body. */
const stream = async (slug: string) =>
  ((await call(`${at(slug)}/updates`, { token: editor })).body.updates as { id: number; headline: string; body: string; pinned: boolean }[]).map(({ id, headline, body, pinned }) => ({ id, headline, body, pinned }));

/** An English story and its Nepali edition (published), both live unless told otherwise. */
async function bothEditions({ nepaliLive = true } = {}) {
  const english = await createArticle({ writer_id: writerId, title: `Votes counted in Jhapa ${Date.now()}` });
  const made = await call(`${at(english.slug)}/translation`, { method: "POST", token: await asAdmin(), json: { language: "ne" } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const nepali = made.body as { slug: string };
  expect((await call(at(nepali.slug), { method: "PUT", token: await asAdmin(), json: { title: `झापामा मत गणना ${Date.now()}`, is_published: "true" } })).status).toBe(200);
  expect((await setLive(english.slug, {})).status).toBe(200);
  if (nepaliLive) expect((await setLive(nepali.slug, {})).status).toBe(200);
  return { english: english.slug, nepali: nepali.slug };
}

const twin = { body: "<p>झापा–५: ४,२१० मत गनिए।</p>", headline: "मत गणना" };

describe("POST /api/news/{slug}/updates with a translation", () => {
  it("posts the update to both editions, each in its own words, and a retry with the same key stores neither again", async () => {
    const { english, nepali } = await bothEditions();
    const sent = { body: "<p>Jhapa-5: 4,210 votes counted.</p>", headline: "The count", pinned: true, translation: twin };
    const first = await post(english, sent, "count-jhapa-5");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      update: expect.objectContaining({ headline: "The count", body: "<p>Jhapa-5: 4,210 votes counted.</p>", pinned: true }),
      translation: { slug: nepali, language: "ne", update: expect.objectContaining({ headline: "मत गणना", body: twin.body, pinned: true }) },
    });
    expect(await stream(english)).toEqual([{ id: first.body.update.id, headline: "The count", body: "<p>Jhapa-5: 4,210 votes counted.</p>", pinned: true }]);
    expect(await stream(nepali)).toEqual([{ id: first.body.translation.update.id, headline: "मत गणना", body: twin.body, pinned: true }]);

    const retry = await post(english, sent, "count-jhapa-5");
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await stream(english)).toHaveLength(1);
    expect(await stream(nepali)).toHaveLength(1);

    // The key covers both: other words for either edition under it are refused, and nothing is stored.
    const reworded = await post(english, { ...sent, translation: { ...twin, body: "<p>झापा–५: ४,३०० मत।</p>" } }, "count-jhapa-5");
    expect(reworded).toMatchObject({ status: 422, body: { code: "idempotency_key_reused" } });
    expect(await stream(nepali)).toHaveLength(1);
  });

  it("pushes the twin to the other edition's open streams as it pushes the update to its own", async () => {
    const { english, nepali } = await bothEditions();
    const streams = await Promise.all([english, nepali].map((slug) => EventStreamClient.open(`${baseUrl()}${at(slug)}/updates/stream`)));
    try {
      await Promise.all(streams.map((opened) => opened.until((client) => client.retry !== undefined)));
      const res = await post(english, { body: "<p>Jhapa-5: 4,500 votes counted.</p>", translation: twin });
      expect(res.status).toBe(201);
      const [englishEvent, nepaliEvent] = await Promise.all(streams.map(async (opened) => JSON.parse((await opened.take(1))[0]!.data)));
      expect(englishEvent).toMatchObject({ id: res.body.update.id, body: "<p>Jhapa-5: 4,500 votes counted.</p>" });
      expect(nepaliEvent).toMatchObject({ id: res.body.translation.update.id, body: twin.body });
    } finally {
      for (const opened of streams) opened.close();
    }
  });

  it("goes from the Nepali edition to the English one the same way, by the language it names", async () => {
    const { english, nepali } = await bothEditions();
    const res = await post(nepali, { body: "<p>बाढीले पुल बगायो।</p>", translation: { language: "en", body: "<p>The flood took the bridge.</p>" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.translation).toMatchObject({ slug: english, language: "en", update: { headline: "", body: "<p>The flood took the bridge.</p>", pinned: false } });
    expect((await stream(english)).map((update) => update.body)).toEqual(["<p>The flood took the bridge.</p>"]);
  });

  it("refuses with 422 when the other edition is not live, has no version, or is one the writer cannot see, and stores nothing", async () => {
    const { english, nepali } = await bothEditions({ nepaliLive: false });
    const notLive = await post(english, { body: "<p>Counted.</p>", translation: twin }, undefined, editor, "ne");
    expect(notLive).toMatchObject({ status: 422, body: { error: ne.liveTranslationNotLive, code: "live_translation_not_live" } });
    expect(await stream(english)).toEqual([]);

    expect((await setLive(nepali, {})).status).toBe(200);
    expect((await setLive(nepali, { ended_at: "now" })).status).toBe(200);
    expect(await post(english, { body: "<p>Counted.</p>", translation: twin })).toMatchObject({ status: 422, body: { error: en.liveTranslationNotLive } });

    const alone = await createArticle({ writer_id: writerId, title: `A story in English only ${Date.now()}` });
    expect((await setLive(alone.slug, {})).status).toBe(200);
    expect(await post(alone.slug, { body: "<p>Counted.</p>", translation: twin })).toMatchObject({ status: 422, body: { code: "live_translation_not_live" } });
    expect(await post(english, { body: "<p>Counted.</p>", translation: { ...twin, language: "en" } })).toMatchObject({ status: 422, body: { code: "live_translation_not_live" } });
    expect(await stream(alone.slug)).toEqual([]);

    // A draft edition is not there for an author who may not see it.
    const withDraft = await createArticle({ writer_id: writerId, title: `Landslide in Sindhupalchok ${Date.now()}` });
    const draft = (await call(`${at(withDraft.slug)}/translation`, { method: "POST", token: await asAdmin(), json: { language: "ne" } })).body as { slug: string };
    expect((await setLive(withDraft.slug, {})).status).toBe(200);
    expect((await setLive(draft.slug, {})).status).toBe(200);
    expect(await post(withDraft.slug, { body: "<p>Road closed.</p>", translation: twin }, undefined, author)).toMatchObject({ status: 422 });
    expect(await stream(withDraft.slug)).toEqual([]);
  });

  it("stores neither when the twin's words show nothing", async () => {
    const { english, nepali } = await bothEditions();
    const res = await post(english, { body: "<p>Polls closed at five.</p>", translation: { body: "<p><script>x</script></p>" } });
    expect(res).toMatchObject({ status: 400, body: { code: "live_update_body_required" } });
    expect(await stream(english)).toEqual([]);
    expect(await stream(nepali)).toEqual([]);
  });
});

describe("both editions on PostgreSQL, posted from both desks at once", () => {
  let cluster: TestCluster;
  let server: RunningServer;

  beforeAll(async () => {
    cluster = await startCluster();
    cluster.createDatabase("khulasa");
    server = await startServer({ DATABASE_URL: cluster.url("khulasa"), DEMO_CONTENT: "false" });
  });
  afterAll(async () => {
    await server?.stop();
    cluster?.stop();
  });

  it("stores every post and its twin, the English and the Nepali desks each posting to both, and a retry sent at once through several connections once", async () => {
    const send = (path: string, options: Parameters<typeof callAt>[2] = {}) => callAt(server.baseUrl, path, options);
    const token = (await send("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } })).body.token as string;
    const writer = await send("/api/writers", { method: "POST", token, json: { name: "Desk", email: "desk@test.example" } });
    const english = (await send("/api/news", { method: "POST", token, json: { title: "Election night", content: "<p>Counting.</p>", writer_id: writer.body.id, is_published: "true" } })).body.slug as string;
    const nepali = (await send(`${at(english)}/translation`, { method: "POST", token, json: { language: "ne" } })).body.slug as string;
    expect((await send(at(nepali), { method: "PUT", token, json: { title: "निर्वाचनको रात", is_published: "true" } })).status).toBe(200);
    for (const slug of [english, nepali]) expect((await send(`${at(slug)}/live`, { method: "PUT", token, json: {} })).status).toBe(200);

    const POSTS = 24;
    const answers = await Promise.all(
      Array.from({ length: POSTS }, (_, n) => {
        const [from, language] = n % 2 === 0 ? [english, "ne"] : [nepali, "en"];
        return send(`${at(from)}/updates`, { method: "POST", token, json: { body: `<p>Count ${n}</p>`, translation: { language, body: `<p>गणना ${n}</p>` } } });
      }),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const count = async (slug: string) => ((await send(`${at(slug)}/updates?limit=100`, { token })).body.updates as unknown[]).length;
    expect([await count(english), await count(nepali)]).toEqual([POSTS, POSTS]);

    const key = crypto.randomUUID();
    const retries = await Promise.all(
      Array.from({ length: 6 }, () => send(`${at(english)}/updates`, { method: "POST", token, json: { body: "<p>Turnout 61%.</p>", translation: { body: "<p>मतदान ६१%।</p>" } }, headers: { "idempotency-key": key } })),
    );
    expect(retries.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(retries.map((answer) => answer.body.translation.update.id)).size).toBe(1);
    expect([await count(english), await count(nepali)]).toEqual([POSTS + 1, POSTS + 1]);
  });
});
