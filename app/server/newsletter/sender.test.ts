import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { seedStories, seedSubscribers } from "../../../tests/support/newsletter-fixtures";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { mailSuppressions, newsletterDeliveries, newsletterIssues } from "../db/schema";
import { readConfig, type AppConfig } from "../platform/config";

let current: AppConfig;
vi.mock("../platform/config", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../platform/config")>();
  return { ...actual, config: () => current };
});
const { startNewsletterSender } = await import("./sender");
const { spawnSendThread } = await import("./send-thread");
const { deliveryCounts, markSent, takeLease, retryDelayMs } = await import("./send-queue");

let handle: DatabaseHandle;
let sink: SmtpSink;
let folder: string;
let stories: number[];
const SITE = "https://khulasa.example";

beforeAll(async () => {
  sink = await startSmtpSink();
  folder = await mkdtemp(path.join(os.tmpdir(), "khulasa-sender-"));
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  stories = await seedStories(handle.db, "ne", [
    { slug: "melamchi-contract", title: "मेलम्चीको ठेक्कामा अनियमितता", excerpt: "ठेक्का कसरी दिइयो" },
    { slug: "customs-revenue", title: "भन्सार राजस्व घट्यो" },
  ]);
});
afterAll(async () => {
  await handle.close();
  await sink.close();
});
beforeEach(() => {
  current = readConfig({ DATA_DIR: folder, PUBLIC_URL: SITE, DEFAULT_LOCALE: "en", SMTP_URL: sink.url, MAIL_FROM: "Khulasa <news@khulasa.example>" });
});

/** Sends one issue to the edition's list with a fresh sender, and waits until it is sent. */
async function sendIssue(subject: string): Promise<number> {
  const [issue] = await handle.db
    .insert(newsletterIssues)
    .values({ edition: "ne", subject, intro: "नमस्ते।\n\nयो हप्ताका खोजी।", articleIds: stories, status: "scheduled", sendAt: new Date() })
    .returning({ id: newsletterIssues.id });
  const done = new Promise<void>((resolve) => {
    const sender = startNewsletterSender(handle.db, {
      exclusive: true,
      ratePerSecond: 1000,
      idleMs: 50,
      onFinished: (ids) => {
        if (ids.includes(issue!.id)) void sender.stop().then(resolve);
      },
    });
  });
  await done;
  return issue!.id;
}

describe("sending an issue", () => {
  it("mails each confirmed subscriber the edition's HTML and text, with List-Unsubscribe and a plain link to every story", async () => {
    const [reader] = await seedSubscribers(handle.db, "ne", 3, "issue-reader");
    const id = await sendIssue("यो हप्ताको खुलासा");
    const mail = await sink.next("issue-reader1@example.org", (m) => m.parsed.subject === "यो हप्ताको खुलासा");
    const html = String(mail.parsed.html);
    const text = mail.parsed.text ?? "";
    expect(html).toContain('<html lang="ne-NP">');
    expect(html).toContain("Noto Sans Devanagari");
    expect(html).toContain("prefers-color-scheme: dark");
    expect(html).toContain(`<a href="${SITE}/ne/article/melamchi-contract">मेलम्चीको ठेक्कामा अनियमितता</a>`);
    expect(text).toContain(`मेलम्चीको ठेक्कामा अनियमितता\nठेक्का कसरी दिइयो\n${SITE}/ne/article/melamchi-contract`);
    expect(text).toContain("नमस्ते।\n\nयो हप्ताका खोजी।");
    // Stories' links are the same for every reader: only the footer's name the reader.
    const storyLinks = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((href) => href.includes("/article/"));
    expect(storyLinks.every((href) => !href.includes("?"))).toBe(true);
    expect(html).not.toMatch(/<img/);
    expect(html).toContain(`${SITE}/ne/newsletter/manage?token=${reader}.`);
    // Headers as a mail client reads them: long ones are folded onto more lines.
    const raw = mail.raw.toString("utf8").replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(new RegExp(`^List-Unsubscribe: <${SITE}/api/newsletter/unsubscribe\\?lang=ne&token=${reader}\\.[A-Za-z0-9_-]+>,\\s+<mailto:news@khulasa\\.example\\?subject=unsubscribe`, "m"));
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.parsed.messageId).toMatch(new RegExp(`^<issue-${id}\\.[A-Za-z0-9_-]+@khulasa\\.example>$`));
    expect((await deliveryCounts(handle.db, [id])).get(id)).toEqual({ sent: 3, failed: 0, waiting: 0 });
  });

  it("signs every message with DKIM when a key is configured", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const keyFile = path.join(folder, "dkim.pem");
    await writeFile(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
    current = readConfig({ ...process.env, DATA_DIR: folder, PUBLIC_URL: SITE, SMTP_URL: sink.url, MAIL_FROM: "news@khulasa.example", DKIM_DOMAIN: "khulasa.example", DKIM_SELECTOR: "mail", DKIM_PRIVATE_KEY_FILE: keyFile });
    await sendIssue("Signed issue");
    const mail = await sink.next("issue-reader2@example.org", (m) => m.parsed.subject === "Signed issue");
    const header = /^DKIM-Signature:.*(?:\r?\n[ \t].*)*/m.exec(mail.raw.toString("utf8"))?.[0] ?? "";
    expect(header).toMatch(/\bd=khulasa\.example;/);
    expect(header).toMatch(/\bb=[A-Za-z0-9+/]/);
  });

  it("puts an address the relay refuses with a 550 on the suppression list, and never mails it again", async () => {
    sink.refuse("issue-reader3@example.org", 550);
    const first = await sendIssue("Refused once");
    const [suppressed] = await handle.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, "issue-reader3@example.org"));
    expect(suppressed?.reason).toBe("refused");
    expect(suppressed?.detail).toMatch(/550/);
    expect((await deliveryCounts(handle.db, [first])).get(first)).toEqual({ sent: 2, failed: 1, waiting: 0 });

    const second = await sendIssue("After the refusal");
    const rows = await handle.db.select({ email: newsletterDeliveries.email }).from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, second));
    expect(rows.map((row) => row.email).sort()).toEqual(["issue-reader1@example.org", "issue-reader2@example.org"]);
  });

  it("writes messages to DATA_DIR/mail when no relay is set", async () => {
    current = readConfig({ DATA_DIR: folder, PUBLIC_URL: SITE });
    const id = await sendIssue("Kept as files");
    expect((await deliveryCounts(handle.db, [id])).get(id)).toEqual({ sent: 2, failed: 0, waiting: 0 });
  });
});

describe("a failure on the sending thread", () => {
  it("is recorded on the reader's row, to be tried again after the back-off, while the server goes on and sends the rest on a new thread", async () => {
    const [issue] = await handle.db
      .insert(newsletterIssues)
      .values({ edition: "ne", subject: "A thread dies", intro: "", articleIds: stories, status: "scheduled", sendAt: new Date() })
      .returning({ id: newsletterIssues.id });
    let spawned = 0;
    const dying = () =>
      new Worker(`require("node:worker_threads").parentPort.on("message", () => { throw new Error("the composer broke"); });`, { eval: true });
    const sender = startNewsletterSender(handle.db, {
      exclusive: true,
      ratePerSecond: 1000,
      connections: 1,
      idleMs: 50,
      thread: { spawn: (settings) => (spawned++ === 0 ? dying() : spawnSendThread(settings)) },
    });
    const id = issue!.id;
    const rows = () => handle.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, id));
    try {
      for (;;) {
        const counts = (await deliveryCounts(handle.db, [id])).get(id)!;
        if (counts.sent + counts.failed > 0 && (await rows()).every((row) => row.status !== "waiting" || row.attempts > 0)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await sender.stop();
    }
    expect((await deliveryCounts(handle.db, [id])).get(id)).toEqual({ sent: 1, failed: 0, waiting: 1 });
    const [failed] = await handle.db
      .select()
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.issueId, id), eq(newsletterDeliveries.status, "waiting")));
    expect(failed).toMatchObject({ attempts: 1, detail: "the sending thread stopped: the composer broke", sentAt: null });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    const [sent] = (await rows()).filter((row) => row.status === "sent");
    expect((await sink.next(sent!.email, (m) => m.parsed.subject === "A thread dies")).recipients).toEqual([sent!.email]);
    expect(sink.received.filter((mail) => mail.parsed.subject === "A thread dies")).toHaveLength(1);
  });
});

describe("the send queue's commit point", () => {
  it("marks a recipient sent once, and only while this instance holds the lease", async () => {
    const [issue] = await handle.db.insert(newsletterIssues).values({ edition: "ne", subject: "Lease", articleIds: stories, status: "sending" }).returning({ id: newsletterIssues.id });
    await handle.db.insert(newsletterDeliveries).values({ issueId: issue!.id, subscriberId: 1, email: "x@example.org" });
    const delivery = { issueId: issue!.id, subscriberId: 1, email: "x@example.org", attempts: 0 };
    expect(await takeLease(handle.db, "first", 60_000, false)).toBe(true);
    expect(await takeLease(handle.db, "second", 60_000, false)).toBe(false);
    expect(await markSent(handle.db, delivery, "second")).toBe(false);
    expect(await markSent(handle.db, delivery, "first")).toBe(true);
    expect(await markSent(handle.db, delivery, "first")).toBe(false);
  });

  it("backs off a minute, then twice as long each try", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
  });
});
