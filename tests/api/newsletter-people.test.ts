/**
 * The subscriber's side of the newsletter (issue 40), through HTTP against a server whose mail goes
 * to a real SMTP server in the test run: double opt-in, its language, the scanner-proof confirm,
 * the rate limits, the manage page and RFC 8058's one-click POST; and "forgot password".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { ne } from "../../app/lib/messages.ne";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { callAt, uniqueEmail } from "./client";

let sink: SmtpSink;
let server: RunningServer;
const call = (path: string, options: Parameters<typeof callAt>[2] = {}) => callAt(server.baseUrl, path, options);

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ SMTP_URL: sink.url, MAIL_FROM: "Khulasa <news@khulasa.example>", NEWSLETTER_SIGNUPS_PER_EMAIL: "3" });
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

/** The first link in a message's text that goes to `path`. */
function linkIn(text: string | undefined, path: string): URL {
  const found = (text ?? "").split(/\s+/).find((word) => word.startsWith("http") && new URL(word).pathname.endsWith(path));
  if (!found) throw new Error(`no link to ${path} in: ${text}`);
  return new URL(found);
}

const page = async (url: URL, init: RequestInit = {}) => {
  const res = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, { redirect: "manual", ...init });
  return { status: res.status, html: await res.text(), headers: res.headers };
};

/** The lists a page's checkboxes have checked. */
const checkedLists = (html: string) =>
  [...html.matchAll(/<input type="checkbox"[^>]*>/g)].filter(([tag]) => / checked=/.test(tag)).map(([tag]) => /value="([^"]*)"/.exec(tag)![1]);

const form = (fields: [string, string][]) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("signing up", () => {
  it("mails a confirmation in the edition's language whose link only shows a Confirm button; the button confirms", async () => {
    const email = uniqueEmail("nepali");
    const signed = await call("/api/newsletter", { json: { email, language: "ne" }, method: "POST" });
    expect(signed).toMatchObject({ status: 201, body: { subscribed: true } });
    const mail = await sink.next(email);
    expect(mail.parsed.subject).toBe("खुलासा को सदस्यता पक्का गर्नुहोस्");
    expect(mail.parsed.text).toContain("७ दिनमा मेटिन्छ");
    const link = linkIn(mail.parsed.text, "/newsletter/confirm");
    expect(link.pathname).toBe("/ne/newsletter/confirm");

    // A mail scanner follows the link, twice: nothing is confirmed, the button is still there.
    for (let visit = 0; visit < 2; visit++) {
      const shown = await page(link);
      expect(shown.status).toBe(200);
      expect(shown.html).toContain(`>${ne.newsletterConfirmButton}</button>`);
      expect(shown.html).toContain(email);
      expect(shown.html).toContain('content="noindex, follow"');
      expect(shown.headers.get("cache-control")).toContain("no-store");
    }

    const confirmed = await page(link, form([["token", link.searchParams.get("token")!]]));
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain(ne.newsletterConfirmedTitle);
    // The token is spent: the link now says so, and the API refuses it.
    expect((await page(link)).html).toContain(ne.newsletterConfirmationInvalid);
    const again = await call("/api/newsletter/confirm", { method: "POST", json: { token: link.searchParams.get("token") } });
    expect(again).toMatchObject({ status: 404, body: { code: "newsletter_confirmation_invalid" } });
  });

  it("answers the same for a known address, and mails a confirmed one only when it asks for a list it is not on", async () => {
    const email = uniqueEmail("known");
    await call("/api/newsletter", { method: "POST", json: { email, lists: ["en"] } });
    const token = linkIn((await sink.next(email)).parsed.text, "/newsletter/confirm").searchParams.get("token");
    expect(await call("/api/newsletter/confirm", { method: "POST", json: { token } })).toMatchObject({ status: 200, body: { confirmed: true } });

    const before = sink.received.length;
    expect(await call("/api/newsletter", { method: "POST", json: { email, lists: ["en"] } })).toMatchObject({ status: 201, body: { subscribed: true } });
    // The next message to anyone arrives after any this sign-up would have caused.
    const marker = uniqueEmail("marker");
    await call("/api/newsletter", { method: "POST", json: { email: marker } });
    await sink.next(marker);
    expect(sink.received.slice(before).filter((mail) => mail.recipients.includes(email))).toHaveLength(0);

    expect(await call("/api/newsletter", { method: "POST", json: { email, lists: ["en", "ne"] } })).toMatchObject({ status: 201, body: { subscribed: true } });
    const already = await sink.next(email, (mail) => mail.parsed.subject === "Your subscription to Khulasa");
    expect(linkIn(already.parsed.text, "/newsletter/manage").pathname).toBe("/newsletter/manage");
  });

  it("refuses a list nobody offers, in the reader's language", async () => {
    const res = await call("/api/newsletter?lang=ne", { method: "POST", json: { email: uniqueEmail(), lists: ["topic:nothing"] } });
    expect(res).toMatchObject({ status: 400, body: { error: ne.newsletterListUnknown, code: "newsletter_list_unknown" } });
  });

  it("limits sign-ups per e-mail with a 429 in the reader's language", async () => {
    const email = uniqueEmail("flooded");
    for (let i = 0; i < 3; i++) expect((await call("/api/newsletter", { method: "POST", json: { email } })).status).toBe(201);
    const refused = await call("/api/newsletter", { method: "POST", json: { email }, headers: { "accept-language": "ne" } });
    expect(refused).toMatchObject({ status: 429, body: { error: ne.newsletterTooMany, code: "newsletter_too_many" } });
  });
});

describe("managing and leaving", () => {
  async function confirmedSubscriber(): Promise<{ email: string; manage: URL; unsubscribe: URL }> {
    const email = uniqueEmail("member");
    await call("/api/newsletter", { method: "POST", json: { email, lists: ["en"] } });
    const token = linkIn((await sink.next(email)).parsed.text, "/newsletter/confirm").searchParams.get("token");
    await call("/api/newsletter/confirm", { method: "POST", json: { token } });
    await call("/api/newsletter", { method: "POST", json: { email, lists: ["ne"] } });
    const manage = linkIn((await sink.next(email, (mail) => mail.parsed.subject === "Your subscription to Khulasa")).parsed.text, "/newsletter/manage");
    return { email, manage, unsubscribe: new URL(`${manage.origin}/newsletter/unsubscribe${manage.search}`) };
  }

  it("changes lists on the manage page", async () => {
    const { email, manage } = await confirmedSubscriber();
    const shown = await page(manage);
    expect(shown.html).toContain(email);
    expect(checkedLists(shown.html)).toEqual(["en"]);
    const saved = await page(
      manage,
      form([
        ["token", manage.searchParams.get("token")!],
        ["lists", "ne"],
        ["intent", "save"],
      ]),
    );
    expect(saved.html).toContain(en.newsletterManageSaved);
    const after = await page(manage);
    expect(checkedLists(after.html)).toEqual(["ne"]);
  });

  it("leaves at once on RFC 8058's form-encoded one-click POST to the unsubscribe address, without cookie or token field", async () => {
    const { email, unsubscribe, manage } = await confirmedSubscriber();
    const shown = await page(unsubscribe);
    expect(shown.html).toContain(`>${en.newsletterUnsubscribeButton}</button>`);
    // As a mail provider's server sends it: no cookie, no Origin, no token field, the token in the address.
    const oneClick = await page(unsubscribe, form([["List-Unsubscribe", "One-Click"]]));
    expect(oneClick.status).toBe(200);
    expect(oneClick.html).toContain(email);
    expect(checkedLists((await page(manage)).html)).toEqual([]);
  });

  it("refuses a forged link", async () => {
    expect(await call("/api/newsletter/unsubscribe", { method: "POST", json: { token: "1.AAAAAAAAAAAAAAAAAAAAAAAA" } })).toMatchObject({
      status: 404,
      body: { code: "newsletter_link_invalid" },
    });
  });
});

describe("the subscribers list", () => {
  it("keeps one status when asked (?status=), counts only those, and refuses an unknown status with 400", async () => {
    const login = await call("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    const token = login.body.token as string;
    const email = uniqueEmail("listed");
    await call("/api/newsletter", { method: "POST", json: { email, language: "ne" } });
    const pending = await call("/api/newsletter/subscribers?status=pending&limit=100", { token });
    expect(pending.status).toBe(200);
    expect(pending.body.subscribers.find((row: { email: string }) => row.email === email)).toMatchObject({ status: "pending", lists: ["ne"] });
    expect(pending.body.subscribers.every((row: { status: string }) => row.status === "pending")).toBe(true);
    expect(pending.body.total).toBe(pending.body.subscribers.length);
    const confirmed = await call("/api/newsletter/subscribers?status=confirmed&limit=100", { token });
    expect(confirmed.body.subscribers.map((row: { email: string }) => row.email)).not.toContain(email);
    const everyone = await call("/api/newsletter/subscribers?limit=100", { token });
    expect(everyone.body.total).toBe(pending.body.total + confirmed.body.total + (await call("/api/newsletter/subscribers?status=left", { token })).body.total);
    for (const status of ["PENDING", "gone", "pending%00"]) {
      expect(await call(`/api/newsletter/subscribers?status=${status}`, { token })).toMatchObject({
        status: 400,
        body: { error: en.newsletterStatusInvalid, code: "newsletter_status_invalid" },
      });
    }
  });
});

describe("forgot password", () => {
  it("mails a one-time link that sets the password and ends every session; the answer is the same for an unknown address", async () => {
    const login = await call("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    const session = login.body.token as string;
    expect(await call("/api/users/password-reset", { method: "POST", json: { email: "nobody@example.org" } })).toMatchObject({
      status: 202,
      body: { sent: true },
    });
    expect(await call("/api/users/password-reset", { method: "POST", json: { email: TEST_ADMIN.email } })).toMatchObject({ status: 202, body: { sent: true } });
    const link = linkIn((await sink.next(TEST_ADMIN.email, (mail) => mail.parsed.subject === "Set a new password for Khulasa")).parsed.text, "/password-reset");
    const token = link.searchParams.get("token");
    const reset = await call("/api/users/password-reset/complete", { method: "POST", json: { token, new_password: "a quite different horse battery" } });
    expect(reset.status).toBe(200);
    expect((await call("/api/users/me", { token: session })).status).toBe(401);
    expect(await call("/api/users/password-reset/complete", { method: "POST", json: { token, new_password: "yet another horse battery" } })).toMatchObject({
      status: 400,
      body: { code: "password_reset_invalid" },
    });
    expect(sink.received.some((mail) => mail.recipients.includes("nobody@example.org"))).toBe(false);
  });

  it("mails staff a notice when they sign in from a device the account had not used", async () => {
    const signIn = (agent: string) =>
      call("/api/admin/login", {
        method: "POST",
        json: { username: TEST_ADMIN.email, password: "a quite different horse battery" },
        headers: { "user-agent": agent },
      });
    await signIn("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0");
    expect((await signIn("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36")).status).toBe(
      200,
    );
    const notice = await sink.next(
      TEST_ADMIN.email,
      (mail) => mail.parsed.subject === "A new sign-in to your Khulasa account" && mail.parsed.text!.includes("Chrome on Android"),
    );
    expect(notice.parsed.text).toContain("a device it had not used before");
  });
});
