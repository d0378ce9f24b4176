/**
 * Issue 36: nothing the server writes down ties a source to a tip. Tips are sent both ways (sealed
 * in the browser through the JSON API with an attachment, and as a form without JavaScript),
 * looked up, answered and mistyped, from an address of their own; the server's whole output is
 * then searched for the tips' words, codenames, access token, attachment ids, the address and any
 * time finer than the hour on the tip line's lines, and the database for any time finer than the hour.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { type ApiResponse, type RequestOptions, callAt } from "./client";
import { sendTip, setUpTipKey } from "./tip-fixtures";

const marker = (what: string) => `${what}-${randomBytes(6).toString("hex")}`;
const MARKER = { api: marker("api-sealed"), form: marker("form-words"), answer: marker("form-answer"), attachment: marker("attachment-bytes") };
/** The sources' address, as the proxy in front reports it (TRUST_PROXY=1): unique, so that finding it means it was logged. */
const SOURCE_ADDRESS = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
const fromSource = { "x-forwarded-for": SOURCE_ADDRESS };

let server: RunningServer;
let adminToken: string;
/** Everything that must never reach the log. */
const secrets: Record<string, string> = { ...MARKER, address: SOURCE_ADDRESS };
let uploadedParts = 0;
let tipIds: number[] = [];
let logLines: Record<string, unknown>[] = [];

const call = (pathname: string, options: RequestOptions = {}): Promise<ApiResponse> => callAt(server.baseUrl, pathname, { ...options, headers: { ...fromSource, ...options.headers } });
const postForm = (fields: Record<string, string>, pathname = "/tips") =>
  fetch(server.baseUrl + pathname, { method: "POST", headers: { ...fromSource, "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl }, body: new URLSearchParams(fields) });
const codenameIn = (html: string) => html.match(/data-testid="tip-codename"[^>]*>([^<]+)</)?.[1]?.trim();

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
  const login = await call("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
  adminToken = login.body.token;
  await setUpTipKey(call, adminToken);

  // Through the JSON API, as the browser sends it, with an attachment in two parts.
  const document = new Uint8Array(1_100_000).map((_, i) => (i * 13) % 256);
  document.set(new TextEncoder().encode(MARKER.attachment), 1_050_000);
  const sent = await sendTip(call, { text: `The tender was rigged. ${MARKER.api}` }, [{ name: "tender.pdf", type: "application/pdf", bytes: document }]);
  secrets.apiCodename = sent.codename;
  secrets.accessToken = sent.accessToken;
  uploadedParts = sent.parts;
  expect((await call("/api/tips/conversation", { method: "POST", json: { access_token: sent.accessToken } })).status).toBe(200);

  // Without JavaScript: a tip, the conversation opened with the codename, an answer, a mistyped codename.
  const form = await postForm({ intent: "send", message: `The road was never built. ${MARKER.form}` });
  expect(form.status).toBe(200);
  const codename = codenameIn(await form.text())!;
  secrets.formCodename = codename;
  expect((await postForm({ intent: "open", codename })).status).toBe(200);
  expect((await postForm({ intent: "reply", codename, message: MARKER.answer }, "/ne/tips")).status).toBe(200);
  expect((await postForm({ intent: "open", codename: "two words" })).status).toBe(400);
  for (const page of ["/tips", "/Tips", "/%74ips", "/ne/tips", "/tips.data", "/api/tips/setup"]) await fetch(server.baseUrl + page, { headers: fromSource });

  // The newsroom's side, whose paths carry the tip's and the attachment's ids, and answers that fail.
  const inbox = await call("/api/tips/inbox", { token: adminToken });
  tipIds = inbox.body.tips.map((tip: { id: number }) => tip.id);
  const opened = await call(`/api/tips/inbox/${tipIds.at(-1)}`, { token: adminToken });
  const attachmentId = opened.body.messages[0].attachments[0].id as string;
  secrets.attachmentId = attachmentId;
  expect((await fetch(`${server.baseUrl}/api/tips/inbox/${tipIds.at(-1)}/attachments/${attachmentId}`, { headers: { ...fromSource, authorization: `Bearer ${adminToken}` } })).status).toBe(200);
  expect((await call(`/api/tips/inbox/${tipIds[0]}/keep`, { method: "POST", token: adminToken, json: { keep: true } })).status).toBe(200);
  const unknownPart = marker("unknown-attachment");
  secrets.unknownPart = unknownPart;
  expect((await call(`/api/tips/attachments/${unknownPart}/parts/0`, { method: "PUT", bytes: new Uint8Array([1, 2, 3]) })).status).toBe(404);
  const malformed = marker("malformed");
  secrets.malformed = malformed;
  expect((await fetch(`${server.baseUrl}/api/tips/attachments/%ZZ${malformed}/parts/0?token=${malformed}`, { method: "PUT", headers: fromSource })).status).toBe(400);
  // A page of the site, whose line is timed: the log's own times are still there for everything else.
  await fetch(`${server.baseUrl}/about`, { headers: fromSource });

  await server.stop({ keepData: true });
  logLines = server.output().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
}, 180_000);

afterAll(async () => {
  const { rm } = await import("node:fs/promises");
  if (server) await rm(server.dataDir, { recursive: true, force: true });
});

const ON_THE_HOUR = /^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/;
const tipLine = (line: Record<string, unknown>) => /tips/i.test(String(line.route ?? "")) || line.msg === "requests in the hour";

describe("the server's log after tips sent both ways", () => {
  it("counts the tip line's requests by the hour, under each route's pattern", () => {
    const counted = (method: string, route: string) =>
      logLines.filter((line) => line.msg === "requests in the hour" && line.method === method && line.route === route).reduce((sum, line) => sum + Number(line.count), 0);
    // The attachment's parts, and the one PUT to an unknown attachment.
    expect(counted("PUT", "/api/tips/attachments/:id/parts/:part")).toBe(uploadedParts + 1);
    expect(counted("POST", "/api/tips")).toBe(1);
    expect(counted("POST", "/tips")).toBe(3);
    expect(counted("POST", "/ne/tips")).toBe(1);
    expect(counted("GET", "/tips")).toBeGreaterThanOrEqual(4);
    expect(counted("GET", "/api/tips/inbox/:id/attachments/:attachment")).toBe(1);
    // The site's own requests keep their line each, with their exact time and id.
    expect(logLines.find((line) => line.msg === "request" && line.route === "/about")).toMatchObject({ status: 200, reqId: expect.any(String) });
  });

  it("holds none of the tips' words, codenames, token, ids, paths or the sources' address", () => {
    const output = server.output();
    // The search would find the address: it is what the tip line's rate limit was given.
    expect(SOURCE_ADDRESS).toMatch(/^198\.51\.100\.\d+$/);
    for (const [what, secret] of Object.entries(secrets)) expect(output.includes(secret), what).toBe(false);
    for (const id of tipIds) expect(output).not.toMatch(new RegExp(`/inbox/${id}\\b`));
    expect(logLines.filter((line) => "path" in line || "ip" in line || "url" in line)).toEqual([]);
  });

  it("writes the tip line's lines with the hour only, and without a request id", () => {
    const lines = logLines.filter(tipLine);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.filter((line) => !ON_THE_HOUR.test(String(line.time)) || "reqId" in line)).toEqual([]);
    expect(logLines.filter((line) => line.msg === "request" && tipLine(line))).toEqual([]);
  });
});

describe("the tip line's stored times", () => {
  it("are all on the hour", async () => {
    const db = new PGlite(path.join(server.dataDir, "db"), { extensions: { pg_trgm } });
    try {
      const times = await db.query<{ at: Date | null; what: string }>(`
        select created_at as at, 'tip' as what from tips union all
        select last_message_at, 'last message' from tips union all
        select kept_at, 'kept' from tips union all
        select created_at, 'message' from tip_messages union all
        select created_at, 'attachment' from tip_attachments union all
        select created_at, 'key' from tip_keys`);
      const found = times.rows.filter((row) => row.at !== null);
      for (const what of ["tip", "last message", "kept", "message", "attachment", "key"]) expect(found.some((row) => row.what === what), what).toBe(true);
      expect(found.filter((row) => row.at!.getTime() % (60 * 60 * 1000) !== 0)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
