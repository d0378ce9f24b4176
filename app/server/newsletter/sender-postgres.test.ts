/**
 * The newsletter's send on PostgreSQL: the sending thread commits each message on a connection of
 * its own to the server (db/thread-database.ts), as it does over a MessagePort on the embedded
 * database.
 */
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type TestCluster, startCluster } from "../../../tests/support/postgres-cluster.mjs";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { seedStories, seedSubscribers } from "../../../tests/support/newsletter-fixtures";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { newsletterIssues } from "../db/schema";
import { readConfig, type AppConfig } from "../platform/config";

let current: AppConfig;
vi.mock("../platform/config", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../platform/config")>();
  return { ...actual, config: () => current };
});
const { startNewsletterSender } = await import("./sender");
const { deliveryCounts } = await import("./send-queue");

let cluster: TestCluster;
let handle: DatabaseHandle;
let sink: SmtpSink;

beforeAll(async () => {
  [cluster, sink] = await Promise.all([startCluster(), startSmtpSink()]);
  cluster.createDatabase("khulasa");
  handle = await openDatabase({ kind: "postgres", url: cluster.url("khulasa") });
  const folder = await mkdtemp(path.join(os.tmpdir(), "khulasa-sender-pg-"));
  current = readConfig({ DATA_DIR: folder, PUBLIC_URL: "https://khulasa.example", SMTP_URL: sink.url, MAIL_FROM: "Khulasa <news@khulasa.example>" });
});
afterAll(async () => {
  await handle?.close();
  cluster?.stop();
  await sink?.close();
});

describe("sending an issue on PostgreSQL", () => {
  it("mails each subscriber once, each message committed by the sending thread on its own connection", async () => {
    const stories = await seedStories(handle.db, "en", [{ slug: "customs", title: "Customs revenue fell" }]);
    await seedSubscribers(handle.db, "en", 120, "pg-reader");
    const [issue] = await handle.db
      .insert(newsletterIssues)
      .values({ edition: "en", subject: "On PostgreSQL", intro: "", articleIds: stories, status: "scheduled", sendAt: new Date() })
      .returning({ id: newsletterIssues.id });
    const id = issue!.id;
    await new Promise<void>((resolve) => {
      const sender = startNewsletterSender(handle.db, {
        exclusive: false,
        database: handle.threadLink,
        ratePerSecond: 1000,
        idleMs: 50,
        onFinished: (ids) => {
          if (ids.includes(id)) void sender.stop().then(resolve);
        },
      });
    });
    expect((await deliveryCounts(handle.db, [id])).get(id)).toEqual({ sent: 120, failed: 0, waiting: 0 });
    const received = sink.received.filter((mail) => mail.parsed.subject === "On PostgreSQL").flatMap((mail) => mail.recipients);
    expect(received).toHaveLength(120);
    expect(new Set(received).size).toBe(120);
    const [row] = await handle.db.select({ status: newsletterIssues.status }).from(newsletterIssues).where(eq(newsletterIssues.id, id));
    expect(row?.status).toBe("sent");
  });
});
