import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { newsletterDeliveries, newsletterIssues } from "../db/schema";
import { issueMail, type IssueLinks } from "./issue-mail";
import { takeLease } from "./send-queue";
import { spawnSendThread, startSendThread } from "./send-thread";
import type { SendThreadSettings, SliceItem } from "./send-worker";

const SITE = "https://khulasa.example";
const HOLDER = "this-instance";
let sink: SmtpSink;
let handle: DatabaseHandle;
let folder: string;
let issueId: number;
let nextReader = 1;

beforeAll(async () => {
  sink = await startSmtpSink();
  folder = await mkdtemp(path.join(os.tmpdir(), "khulasa-send-thread-"));
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  const [issue] = await handle.db.insert(newsletterIssues).values({ edition: "ne", subject: "Thread", articleIds: [], status: "sending" }).returning();
  issueId = issue!.id;
  await takeLease(handle.db, HOLDER, 600_000, true);
});
afterAll(async () => {
  await handle.close();
  await sink.close();
});

/** A thread's settings as the sender gives them: a database link of its own for each thread. */
const settings = (): SendThreadSettings => ({
  relay: { smtpUrl: sink.url, envelopeFrom: "news@khulasa.example", folder },
  compose: { from: "Khulasa <news@khulasa.example>", dkim: undefined },
  connections: 2,
  ratePerSecond: 1000,
  database: handle.threadLink(),
});

const links = (reader: string): IssueLinks => ({
  manage: `${SITE}/ne/newsletter/manage?token=${reader}`,
  unsubscribe: `${SITE}/ne/newsletter/unsubscribe?token=${reader}`,
  oneClick: `${SITE}/api/newsletter/unsubscribe?lang=ne&token=${reader}`,
  unsubscribeMailto: `mailto:news@khulasa.example?subject=unsubscribe%20${reader}`,
  site: `${SITE}/ne`,
});

/** A waiting row for `to` and its Nepali message, as the sender renders it on the request thread. */
async function queued(to: string, subject: string): Promise<SliceItem> {
  const subscriberId = nextReader++;
  await handle.db.insert(newsletterDeliveries).values({ issueId, subscriberId, email: to });
  const mail = issueMail(
    { edition: "ne", subject, intro: "नमस्ते।", stories: [{ title: "मेलम्चीको ठेक्का", summary: "", url: `${SITE}/ne/article/melamchi` }] },
    to,
    links("7.sealed"),
    { messageId: `<issue-1.${to}@khulasa.example>` },
  );
  return { delivery: { issueId, subscriberId }, mail };
}

const statusOf = async (item: SliceItem) =>
  (
    await handle.db
      .select({ status: newsletterDeliveries.status })
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, item.delivery.subscriberId)))
  )[0]?.status;

/** A thread that dies on the first slice, as an uncaught error would kill it. */
const dyingThread = () =>
  new Worker(`require("node:worker_threads").parentPort.on("message", () => { throw new Error("the composer broke"); });`, { eval: true });

describe("the newsletter's sending thread", () => {
  it("builds a slice's messages off the request thread, commits each on its own connection and hands it to the relay with List-Unsubscribe, one-click and the edition's language", async () => {
    const thread = startSendThread(settings);
    const items = [await queued("thread-reader@example.org", "सिधा थ्रेडबाट"), await queued("thread-reader2@example.org", "सिधा थ्रेडबाट")];
    const result = await thread.send(HOLDER, items);
    await thread.release();
    expect(result).toEqual({ kind: "answered", outcomes: [] });
    expect(await Promise.all(items.map(statusOf))).toEqual(["sent", "sent"]);
    await sink.next("thread-reader2@example.org");
    const mail = await sink.next("thread-reader@example.org", (m) => m.parsed.subject === "सिधा थ्रेडबाट");
    const raw = mail.raw.toString("utf8").replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${SITE}/api/newsletter/unsubscribe\\?lang=ne&token=7\\.sealed>, <mailto:news@khulasa\\.example\\?subject=unsubscribe%207\\.sealed>\\r?$`,
        "m",
      ),
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(String(mail.parsed.html)).toContain('<html lang="ne-NP">');
    expect(mail.parsed.text).toContain("नमस्ते।");
    expect(mail.parsed.from?.text).toBe('"Khulasa" <news@khulasa.example>');
    expect(mail.parsed.messageId).toBe("<issue-1.thread-reader@example.org@khulasa.example>");
  });

  it("drops a message unfinished when its commit is declined (another instance holds the lease): the relay keeps nothing and the row waits", async () => {
    const thread = startSendThread(settings);
    const declined = await queued("declined@example.org", "Declined");
    expect(await thread.send("another-instance", [declined])).toEqual({ kind: "answered", outcomes: [] });
    const after = await queued("after-declined@example.org", "After the declined one");
    expect(await thread.send(HOLDER, [after])).toEqual({ kind: "answered", outcomes: [] });
    await thread.release();
    await sink.next("after-declined@example.org");
    expect(sink.received.some((mail) => mail.recipients.includes("declined@example.org"))).toBe(false);
    expect([await statusOf(declined), await statusOf(after)]).toEqual(["waiting", "sent"]);
  });

  it("answers a slice whose thread died as lost, and sends the next on a new thread", async () => {
    let spawned = 0;
    const thread = startSendThread(settings, { spawn: (given) => (spawned++ === 0 ? dyingThread() : spawnSendThread(given)) });
    const lost = await queued("died@example.org", "Died");
    expect(await thread.send(HOLDER, [lost])).toEqual({ kind: "lost", why: "the sending thread stopped: the composer broke" });
    expect(await statusOf(lost)).toBe("waiting");

    const next = await queued("after-death@example.org", "On a new thread");
    expect(await thread.send(HOLDER, [next])).toEqual({ kind: "answered", outcomes: [] });
    await thread.release();
    expect(spawned).toBe(2);
    expect((await sink.next("after-death@example.org")).parsed.subject).toBe("On a new thread");
  });

  it("passes on a relay's refusal with its code", async () => {
    sink.refuse("refused-by-relay@example.org", 550);
    const thread = startSendThread(settings);
    const result = await thread.send(HOLDER, [await queued("refused-by-relay@example.org", "Refused")]);
    await thread.release();
    expect(result.kind === "answered" && result.outcomes).toEqual([
      { index: 0, handOff: { kind: "failed", failure: expect.objectContaining({ name: "PermanentMailFailure", responseCode: 550 }) } },
    ]);
  });
});
