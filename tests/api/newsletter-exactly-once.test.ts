/**
 * Each recipient exactly once across kill -9 (issue 40): the built server sends an issue to 2,000
 * confirmed subscribers through a real SMTP server, and is killed twice mid-send at the moments a
 * queue that marked its rows after the relay's answer would repeat a message: once as the relay
 * holds a complete message and has not yet said "250", once just after it said it. Each restart
 * carries on from the database; at the end the receiving server counts every recipient once.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/server/db/connection";
import { seedStories, seedSubscribers } from "../support/newsletter-fixtures";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { callAt } from "./client";

const RECIPIENTS = 2000;

let sink: SmtpSink;
let server: RunningServer;
let env: Record<string, string>;
let storyIds: number[];

beforeAll(async () => {
  sink = await startSmtpSink();
  // Migrated and bootstrapped by a first start, then filled directly, as the sign-up side leaves it.
  const first = await startServer();
  await first.stop({ keepData: true });
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(first.dataDir, "db") });
  storyIds = await seedStories(handle.db, "ne", [{ slug: "kill-test-story", title: "एक खोजी" }]);
  await seedSubscribers(handle.db, "ne", RECIPIENTS, "once");
  await handle.close();
  env = { SMTP_URL: sink.url, MAIL_FROM: "news@khulasa.example", MAIL_RATE_PER_SECOND: "400", MAIL_CONNECTIONS: "2" };
  server = await startServer(env, { dataDir: first.dataDir });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

async function adminToken(base: string): Promise<string> {
  const res = await callAt(base, "/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
  return res.body.token as string;
}

/** Resolves once the sink holds `count` messages, having run `atArrival` on the message that made it so. */
function killAt(count: number, atArrival: (kill: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    sink.onArrival(() => {
      if (done || sink.received.length < count) return;
      done = true;
      const target = server;
      atArrival(() => {
        target.child.kill("SIGKILL");
        resolve();
      });
    });
  });
}

async function restart(): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) await new Promise((resolve) => server.child.once("exit", resolve));
  server = await startServer(env, { dataDir: server.dataDir });
}

describe("a 2,000-recipient send killed twice", () => {
  it("reaches every recipient exactly once", async () => {
    let token = await adminToken(server.baseUrl);
    const created = await callAt(server.baseUrl, "/api/newsletter/issues", {
      method: "POST",
      token,
      json: { edition: "ne", subject: "एक पटक मात्र", intro: "", article_ids: storyIds },
    });
    expect(created.status).toBe(201);
    const id = created.body.issue.id as number;

    // Killed while the relay holds a whole message it has not yet acknowledged.
    const firstKill = killAt(600, (kill) => kill());
    expect((await callAt(server.baseUrl, `/api/newsletter/issues/${id}/send`, { method: "POST", token })).status).toBe(202);
    await firstKill;
    await restart();

    // Killed just after the relay acknowledged one.
    const secondKill = killAt(1300, (kill) => setImmediate(kill));
    await secondKill;
    await restart();

    token = await adminToken(server.baseUrl);
    let issue: { status: string; sent: number; failed: number; waiting: number };
    for (;;) {
      issue = (await callAt(server.baseUrl, `/api/newsletter/issues/${id}`, { token })).body.issue;
      if (issue.status === "sent") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(issue).toMatchObject({ status: "sent", sent: RECIPIENTS, failed: 0, waiting: 0 });

    const arrivals = new Map<string, number>();
    for (const mail of sink.received) for (const to of mail.recipients) arrivals.set(to, (arrivals.get(to) ?? 0) + 1);
    const expected = Array.from({ length: RECIPIENTS }, (_, i) => `once${i + 1}@example.org`);
    expect([...arrivals.keys()].sort()).toEqual(expected.sort());
    expect([...arrivals.entries()].filter(([, times]) => times !== 1)).toEqual([]);
    expect(sink.received).toHaveLength(RECIPIENTS);
  }, 300_000);
});
