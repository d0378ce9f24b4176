/**
 * Newsletter issues through the API (issue 40), on a server of this file's own that mails through a
 * real SMTP server: composing with clear refusals, a test to the editor alone, sending to the
 * edition's confirmed subscribers, a 550 that suppresses, and the editor lifting it (audited).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { openDatabase } from "../../app/server/db/connection";
import { articles } from "../../app/server/db/schema";
import { seedStories, seedSubscribers } from "../support/newsletter-fixtures";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { type ApiResponse, callAt, type RequestOptions } from "./client";

let sink: SmtpSink;
let server: RunningServer;
let token: string;
let stories: number[];
let draftStory: number;

const call = (route: string, options: RequestOptions = {}): Promise<ApiResponse> => callAt(server.baseUrl, route, { token, ...options });
const error = (key: keyof typeof en) => ({ error: en[key], code: key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) });

beforeAll(async () => {
  sink = await startSmtpSink();
  const first = await startServer();
  await first.stop({ keepData: true });
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(first.dataDir, "db") });
  stories = await seedStories(handle.db, "ne", [
    { slug: "api-story-one", title: "पहिलो खोजी" },
    { slug: "api-story-two", title: "दोस्रो खोजी" },
  ]);
  const [draft] = await handle.db
    .insert(articles)
    .values({ slug: "api-draft", title: "मस्यौदा", language: "ne", content: "<p>x</p>", isPublished: false })
    .returning({ id: articles.id });
  draftStory = draft!.id;
  await seedSubscribers(handle.db, "ne", 3, "api-reader");
  await handle.close();
  server = await startServer({ SMTP_URL: sink.url, MAIL_FROM: "Khulasa <news@khulasa.example>", MAIL_RATE_PER_SECOND: "100" }, { dataDir: first.dataDir });
  const login = await callAt(server.baseUrl, "/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
  token = login.body.token;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const compose = (body: Record<string, unknown>) => call("/api/newsletter/issues", { method: "POST", json: { edition: "ne", subject: "यो हप्ता", intro: "", article_ids: stories, ...body } });

describe("composing an issue", () => {
  it("refuses what cannot be sent, each with its own message", async () => {
    expect(await compose({ subject: "  " })).toMatchObject({ status: 400, body: error("issueSubjectRequired") });
    expect(await compose({ subject: "x".repeat(201) })).toMatchObject({ status: 400, body: error("issueSubjectTooLong") });
    expect(await compose({ edition: "fr" })).toMatchObject({ status: 400, body: error("issueEditionInvalid") });
    expect(await compose({ article_ids: [] })).toMatchObject({ status: 400, body: error("issueNeedsStories") });
    expect(await compose({ article_ids: "1,2" })).toMatchObject({ status: 400, body: error("issueNeedsStories") });
    expect(await compose({ article_ids: Array.from({ length: 31 }, (_, i) => i + 1) })).toMatchObject({ status: 400, body: error("issueTooManyStories") });
    expect(await compose({ article_ids: [draftStory] })).toMatchObject({ status: 400, body: error("issueStoryNotInEdition") });
    expect(await compose({ intro: "x".repeat(5001) })).toMatchObject({ status: 400, body: error("issueIntroTooLong") });
  });

  it("answers an issue that does not exist with 404, whatever its id looks like", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5", "%31x"]) {
      expect((await call(`/api/newsletter/issues/${id}`)).status, id).toBe(404);
    }
  });

  it("refuses a sending time that passed or is not a time", async () => {
    const { body } = await compose({});
    const id = body.issue.id;
    expect(await call(`/api/newsletter/issues/${id}/send`, { method: "POST", json: { at: "2020-01-01T10:00:00+05:45" } })).toMatchObject({ status: 400, body: error("issueSendTimePast") });
    expect(await call(`/api/newsletter/issues/${id}/send`, { method: "POST", json: { at: "tomorrow" } })).toMatchObject({ status: 400, body: error("issueSendTimeInvalid") });
    expect((await call(`/api/newsletter/issues/${id}`)).body.issue.status).toBe("draft");
  });
});

describe("sending an issue", () => {
  it("mails a test to the signed-in editor alone, then the issue to every subscriber once; a 550 suppresses the address", async () => {
    sink.refuse("api-reader3@example.org", 550);
    const created = await compose({ subject: "साताको खुलासा", intro: "नमस्ते।" });
    expect(created.status).toBe(201);
    const id = created.body.issue.id;
    expect(created.body.issue).toMatchObject({ status: "draft", sent: 0, failed: 0, waiting: 0 });

    expect(await call(`/api/newsletter/issues/${id}/test`, { method: "POST" })).toMatchObject({ status: 200, body: { sent_to: TEST_ADMIN.email } });
    const test = await sink.next(TEST_ADMIN.email);
    expect(test.parsed.subject).toBe("[परीक्षण] साताको खुलासा");
    expect(sink.received.filter((mail) => mail.parsed.subject?.includes("साताको खुलासा")).map((mail) => mail.recipients)).toEqual([[TEST_ADMIN.email]]);

    const preview = await call(`/api/newsletter/issues/${id}/preview`);
    expect(preview.body.html).toContain("पहिलो खोजी");
    expect(preview.body.text).toContain(`${server.baseUrl}/ne/article/api-story-one`);

    expect((await call(`/api/newsletter/issues/${id}/send`, { method: "POST" })).status).toBe(202);
    let issue;
    for (;;) {
      issue = (await call(`/api/newsletter/issues/${id}`)).body.issue;
      if (issue.status === "sent") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(issue).toMatchObject({ status: "sent", sent: 2, failed: 1, waiting: 0 });
    expect(await call(`/api/newsletter/issues/${id}/send`, { method: "POST" })).toMatchObject({ status: 409, body: error("issueAlreadySent") });

    const listed = await call("/api/newsletter/issues");
    expect(listed.body.issues[0]).toMatchObject({ id, status: "sent", sent: 2, failed: 1 });

    const suppressions = await call("/api/newsletter/suppressions");
    expect(suppressions.body.total).toBe(1);
    const [suppressed] = suppressions.body.suppressions;
    expect(suppressed).toMatchObject({ email: "api-reader3@example.org", reason: "refused" });
    expect(suppressed.detail).toMatch(/550/);

    expect((await call(`/api/newsletter/suppressions/${suppressed.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await call("/api/newsletter/suppressions")).body.total).toBe(0);
    expect(await call(`/api/newsletter/suppressions/${suppressed.id}`, { method: "DELETE" })).toMatchObject({ status: 404, body: error("suppressionNotFound") });
    const audit = await call("/api/audit?action=newsletter.lift_suppression");
    expect(audit.body.entries[0]).toMatchObject({ action: "newsletter.lift_suppression", object_label: "api-reader3@example.org" });
  });

  it("lists subscribers with their status and lists", async () => {
    const { body } = await call("/api/newsletter/subscribers?limit=2");
    expect(body.total).toBe(3);
    expect(body.subscribers).toHaveLength(2);
    expect(body.subscribers[0]).toMatchObject({ email: "api-reader3@example.org", status: "confirmed", lists: ["ne"], language: "ne" });
  });

  it("unsubscribes on RFC 8058's one-click POST to List-Unsubscribe's address from a mail provider's own Origin; a GET there only leads to the page", async () => {
    const mail = await sink.next("api-reader1@example.org");
    const unfolded = mail.raw.toString("utf8").split(/\r\n\r\n/)[0]!.replace(/\r\n[ \t]+/g, " ");
    const header = /^List-Unsubscribe: <(https?:[^>]+)>/m.exec(unfolded)![1]!;
    const address = new URL(header);
    expect(address.pathname).toBe("/api/newsletter/unsubscribe");
    const target = `${server.baseUrl}${address.pathname}${address.search}`;

    // A person's click (or a scanner's fetch): nothing changes, the page with its button is next.
    const opened = await fetch(target, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/ne/newsletter/unsubscribe?token=${encodeURIComponent(address.searchParams.get("token")!)}`);
    expect((await call("/api/newsletter/subscribers?status=left")).body.subscribers).toEqual([]);

    // The provider's server posts from its own origin, with no cookie and no token field.
    const oneClick = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example", "sec-fetch-site": "cross-site" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ unsubscribed: true });
    const left = (await call("/api/newsletter/subscribers?status=left")).body.subscribers;
    expect(left).toEqual([expect.objectContaining({ email: "api-reader1@example.org", lists: [] })]);
  });
});
