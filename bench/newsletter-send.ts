// Readers while a newsletter goes out (issue 40): the built server, as `npm start` runs it, sends an
// issue to 10,000 confirmed subscribers through a local SMTP server (smtp-server, counting what it
// takes) while wrk reads a cached article. Reports the send rate and the reads' p99, alone and
// during the send. Appends to bench/results.jsonl.
//
//   npm run bench:newsletter [-- --recipients 10000]   (MAIL_RATE_PER_SECOND and MAIL_CONNECTIONS as the operator sets them; unset, as fast as the relay takes)
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../app/server/db/connection";
import { seedSubscribers } from "../tests/support/newsletter-fixtures";
import { POLL_MS } from "../app/components/admin/documents/use-poll";
import { METRICS_TOKEN, ensureWrk, json, mainThread, newDataDir, prepareBuild, publishedArticles, record, removeDataDir, seedArchive, signIn, startServer, summary, wrk } from "./support.js";

const { values } = parseArgs({ options: { recipients: { type: "string", default: "10000" } } });
const recipients = Number(values.recipients);
const rate = process.env.MAIL_RATE_PER_SECOND ?? "10000";
const connections = process.env.MAIL_CONNECTIONS ?? "2";
const READ_SECONDS = 15;
/** Lets the bench read the server's own metrics: the main thread's event-loop lag. */

prepareBuild();
ensureWrk();

/** A relay that takes every message and counts it, as fast as it can, noting when the last came. */
async function countingRelay() {
  let taken = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("end", () => {
        taken++;
        lastAt = performance.now();
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("the relay has no port");
  return { url: `smtp://127.0.0.1:${address.port}`, taken: () => taken, lastAt: () => lastAt, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const dataDir = newDataDir();
const relay = await countingRelay();
let server: Awaited<ReturnType<typeof startServer>> | undefined;

/** The main thread's event-loop lag since it was last asked, in ms: whether the reads waited for that thread or for the database. */
const eventLoopLag = async (base: string) => (await mainThread(base)).lag;
const loadAverage = () => +os.loadavg()[0]!.toFixed(2);
try {
  seedArchive({ dataDir }, 200);
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
  await seedSubscribers(handle.db, "en", recipients, "bench");
  await handle.close();

  server = await startServer({ dataDir }, { SMTP_URL: relay.url, MAIL_FROM: "news@khulasa.example", MAIL_RATE_PER_SECOND: rate, MAIL_CONNECTIONS: connections, METRICS_TOKEN });
  const articles = (await publishedArticles(server.base, 100)) as { id: number; slug: string; language: string }[];
  const article = articles.find((candidate) => candidate.language === "en");
  if (!article) throw new Error("no English story to send");
  const readPath = `${server.base}/article/${encodeURIComponent(article.slug)}`;
  await wrk(readPath, { seconds: 3 });
  await eventLoopLag(server.base);
  const alone = { ...summary(await wrk(readPath, { seconds: READ_SECONDS })), main_thread_lag: await eventLoopLag(server.base), load_average: loadAverage() };
  console.log("cached article alone", JSON.stringify(alone));

  const session = await signIn(server.base);
  const headers = { cookie: session.cookie, origin: session.origin, "content-type": "application/json" };
  const { issue } = await json(`${server.base}/api/newsletter/issues`, {
    method: "POST",
    headers,
    body: JSON.stringify({ edition: "en", subject: "Bench issue", intro: "Ten thousand readers.", article_ids: [article.id] }),
  });
  const started = performance.now();
  await json(`${server.base}/api/newsletter/issues/${issue.id}/send`, { method: "POST", headers, body: "{}" });
  // Asked as often as the back office's progress page asks (each answer counts the issue's rows);
  // the send's time is the relay's last arrival, not the poll that saw it.
  const sent = (async () => {
    for (;;) {
      const { issue: now } = await json(`${server!.base}/api/newsletter/issues/${issue.id}`, { headers });
      if (now.status === "sent") return { seconds: (relay.lastAt() - started) / 1000, issue: now };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  const takenBeforeReads = relay.taken();
  const during = { ...summary(await wrk(readPath, { seconds: READ_SECONDS })), main_thread_lag: await eventLoopLag(server.base), load_average: loadAverage() };
  console.log("cached article while sending", JSON.stringify(during));
  // Readers first (newsletter/readers-first.ts): how far the send got while wrk read.
  const whileReading = relay.taken() - takenBeforeReads;
  const done = await sent;
  const send = {
    recipients,
    rate_setting: Number(rate),
    connections: Number(connections),
    seconds: +done.seconds.toFixed(1),
    messages_per_second: Math.round(done.issue.sent / done.seconds),
    sent: done.issue.sent,
    failed: done.issue.failed,
    relay_took: relay.taken(),
    messages_while_reading: whileReading,
  };
  console.log("send", JSON.stringify(send));
  const entry = record({ bench: "newsletter_send", send, cached_article: { alone, during }, peak_rss_mb: server.peakRssMb() });
  console.log(JSON.stringify(entry));
} finally {
  await server?.stop();
  await relay.close();
  removeDataDir(dataDir);
}
