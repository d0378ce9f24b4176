/**
 * Bounce messages (RFC 3464 delivery status notifications) posted raw to
 * POST /api/newsletter/bounces/dsn (issue 40), on a server of this file's own with a bounce secret:
 * a 5.1.1 suppresses its recipient with the reason and the remote server's words, a delay or a
 * 4.x.x changes nothing, what is not a report is a clear 400, the secret is asked for, a huge body
 * is refused. The shared test server has no secret: there, the address does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { type ApiResponse, call as callShared, callAt, type RequestOptions } from "./client";

const SECRET = "dsn-test-secret-0123456789abcdef";
let server: RunningServer;
let token: string;

const call = (route: string, options: RequestOptions = {}): Promise<ApiResponse> => callAt(server.baseUrl, route, options);
const error = (key: keyof typeof en) => ({ error: en[key], code: key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) });
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

beforeAll(async () => {
  server = await startServer({ NEWSLETTER_BOUNCE_SECRET: SECRET });
  const login = await call("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
  token = login.body.token;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

interface RecipientReport {
  recipient: string;
  action: "failed" | "delayed" | "delivered";
  status: string;
  diagnostic?: string;
}

/** A bounce as Postfix writes one: a human part, the delivery-status part, and our returned message. */
function dsn(...reports: RecipientReport[]): string {
  const groups = reports.map((report) =>
    [
      `Final-Recipient: rfc822; ${report.recipient}`,
      `Original-Recipient: rfc822;${report.recipient}`,
      `Action: ${report.action}`,
      `Status: ${report.status}`,
      `Remote-MTA: dns; mx.example.net`,
      ...(report.diagnostic ? [`Diagnostic-Code: smtp; ${report.diagnostic}`] : []),
    ].join("\r\n"),
  );
  return [
    "From: MAILER-DAEMON@mail.khulasa.example (Mail Delivery System)",
    "To: bounces@khulasa.example",
    "Subject: Undelivered Mail Returned to Sender",
    "Date: Sat, 28 Nov 2026 20:00:00 +0000",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"',
    "",
    "--B0UND",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This is the mail system at host mail.khulasa.example.",
    "",
    "--B0UND",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mail.khulasa.example",
    "Arrival-Date: Sat, 28 Nov 2026 19:59:58 +0000",
    "",
    ...groups.flatMap((group) => [group, ""]),
    "--B0UND",
    "Content-Type: message/rfc822",
    "",
    "From: Khulasa <news@khulasa.example>",
    "Subject: =?UTF-8?B?4KSv4KWLIOCkueCkquCljeCkpOCkvg==?=",
    "",
    "The issue.",
    "--B0UND--",
    "",
  ].join("\r\n");
}

const post = (body: string | Uint8Array, authorization: string | null = basic("bounces", SECRET)) =>
  callAt(server.baseUrl, "/api/newsletter/bounces/dsn", {
    method: "POST",
    bytes: typeof body === "string" ? Buffer.from(body) : body,
    headers: { "content-type": "message/rfc822", ...(authorization === null ? {} : { authorization }) },
  });

const suppressions = async () => (await call("/api/newsletter/suppressions?limit=100", { token })).body.suppressions as Array<Record<string, string>>;

describe("a bounce report posted to the DSN address", () => {
  it("suppresses a recipient that failed for good (5.1.1), with the reason, the remote server's words and the date", async () => {
    const answer = await post(
      dsn({ recipient: "Gone@Example.net", action: "failed", status: "5.1.1", diagnostic: "550 5.1.1 <gone@example.net>:\r\n    Recipient address rejected: User unknown" }),
    );
    expect(answer).toMatchObject({ status: 200, body: { suppressed: 1 } });
    const [entry] = (await suppressions()).filter((row) => row.email === "gone@example.net");
    expect(entry).toMatchObject({ reason: "bounce" });
    expect(entry!.detail).toBe("5.1.1 550 5.1.1 <gone@example.net>: Recipient address rejected: User unknown");
    expect(Date.now() - Date.parse(entry!.created_at!)).toBeLessThan(24 * 60 * 60 * 1000);

    // Posted again (a forwarding rule that fires twice): still one entry, the first date kept.
    expect(await post(dsn({ recipient: "gone@example.net", action: "failed", status: "5.1.1" }))).toMatchObject({ status: 200 });
    expect((await suppressions()).filter((row) => row.email === "gone@example.net")).toEqual([entry]);
  });

  it("changes nothing for a delay (4.4.7) or a temporary failure, and takes the permanent one of a mixed report", async () => {
    const answer = await post(
      dsn(
        { recipient: "slow@example.net", action: "delayed", status: "4.4.7", diagnostic: "421 4.4.7 Message delayed" },
        { recipient: "busy@example.net", action: "failed", status: "4.2.2", diagnostic: "452 4.2.2 Mailbox full" },
        { recipient: "nobody@example.net", action: "failed", status: "5.7.1", diagnostic: "554 5.7.1 Rejected" },
      ),
    );
    expect(answer).toMatchObject({ status: 200, body: { suppressed: 1 } });
    const emails = (await suppressions()).map((row) => row.email);
    expect(emails).toContain("nobody@example.net");
    expect(emails).not.toContain("slow@example.net");
    expect(emails).not.toContain("busy@example.net");
  });

  it("answers 400 with a message for a message that is not a delivery report, and for bytes that are not mail", async () => {
    const before = (await suppressions()).length;
    const letter = "From: reader@example.net\r\nTo: bounces@khulasa.example\r\nSubject: Re: your newsletter\r\n\r\nUser unknown? No, I am here.\r\n";
    expect(await post(letter)).toMatchObject({ status: 400, body: error("dsnNotAReport") });
    const wrongReport = dsn({ recipient: "x@example.net", action: "failed", status: "5.1.1" }).replace("report-type=delivery-status", "report-type=feedback-report");
    expect(await post(wrongReport)).toMatchObject({ status: 400, body: error("dsnNotAReport") });
    expect(await post(new Uint8Array([0, 255, 1, 254, 0]))).toMatchObject({ status: 400, body: error("dsnNotAReport") });
    expect(await post("")).toMatchObject({ status: 400, body: error("dsnNotAReport") });
    expect((await suppressions()).length).toBe(before);
  });

  it("asks for the secret: none, a wrong one, or a session's bearer token is 401, and nothing changes", async () => {
    const report = dsn({ recipient: "victim@example.net", action: "failed", status: "5.1.1" });
    for (const authorization of [null, basic("bounces", "not-the-secret"), basic("bounces", SECRET.toUpperCase()), `Bearer ${token}`, `Basic ${SECRET}`]) {
      expect(await post(report, authorization)).toMatchObject({ status: 401, body: error("dsnSecretRequired") });
    }
    expect((await suppressions()).map((row) => row.email)).not.toContain("victim@example.net");
    // Only POST: the address shows nothing to a GET.
    expect((await call("/api/newsletter/bounces/dsn")).status).toBe(405);
  });

  it("refuses a body over 2 MB with 413", async () => {
    const huge = dsn({ recipient: "big@example.net", action: "failed", status: "5.1.1" }).replace("The issue.", "x".repeat(3 * 1024 * 1024));
    expect(await post(huge)).toMatchObject({ status: 413, body: error("requestTooLarge") });
    // The server drops the connection it refused the body on; the pooled socket may still be taken once.
    const after = await suppressions().catch(() => suppressions());
    expect(after.map((row) => row.email)).not.toContain("big@example.net");
  });

  it("does not exist on a server with no bounce secret configured", async () => {
    const report = dsn({ recipient: "x@example.net", action: "failed", status: "5.1.1" });
    expect((await callShared("/api/newsletter/bounces/dsn", { method: "POST", bytes: Buffer.from(report), headers: { authorization: basic("b", SECRET) } })).status).toBe(404);
  });
});
