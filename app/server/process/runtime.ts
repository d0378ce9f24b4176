/**
 * The process-wide application state: one database handle, opened lazily (PGlite allows one
 * process per data folder and must never open during a build), then migrated and bootstrapped.
 */
import path from "node:path";
import { config } from "../platform/config";
import { type Database, type DatabaseHandle, openDatabase } from "../db/connection";
import { bootstrap } from "./bootstrap";
import { TEMPLATE_FOLDER } from "../db/embedded-template";
import { PageCache } from "../cache/page-cache";
import type { PublicChange } from "../cache/public-changes";
import { publishDue, startScheduler } from "../services/scheduled-publishing";
import { useSharedRateLimits } from "../services/rate-limits";
import { sharedSecret } from "../services/shared-secrets";
import { watchLiveStreams, watchPool } from "./metrics";
import { MostReadRanking, ReadCounter, startReadCounter } from "../services/most-read";
import { logError } from "~/server/platform/log";
import { mediaStorage } from "../storage";
import { startTipPurge } from "../services/tips";
import { startSessionPurge } from "../services/sessions";
import { startUnconfirmedPurge } from "../newsletter/opt-in";
import { mailSent } from "../mail/send-soon";
import { EMBEDDED_VACUUM_EVERY_MS, vacuumWhereDue } from "../db/embedded-vacuum";
import { repeatEvery } from "../platform/repeat";
import { documentWorker } from "../documents/worker-pool";
import { type DocumentJobs, documentJobs as makeDocumentJobs, startDocumentJobs } from "../services/document-jobs";
import { LivePush } from "../services/live-push";
import { LIVE_CHANNEL, liveSignalFrom, onLiveChangeCommitted } from "../services/live-signals";
import { type NewsletterSender, startNewsletterSender } from "../newsletter/sender";

const PAGE_CACHE_CHANNEL = "khulasa_page_cache";

/** Another instance's word on what changed; anything unreadable clears everything, to be safe. */
function publicChangeFrom(payload: string): PublicChange {
  try {
    const change: unknown = JSON.parse(payload);
    if (change === "nothing") return change;
    if (typeof change === "object" && change !== null) {
      const { articleBody, articleComments } = change as { articleBody?: unknown; articleComments?: unknown };
      if (typeof articleBody === "string") return { articleBody };
      if (typeof articleComments === "string") return { articleComments };
    }
  } catch {
    // an older instance's empty notification
  }
  return "everything";
}

/** The public answers of this process (pages, feeds, anonymous API reads). */
export const pageCache = new PageCache(config().pageCacheBytes);

/** The live stories' streams open on this instance (services/live-push.ts). */
export const livePush = new LivePush(database);
watchLiveStreams(() => livePush.streams);

let opening: Promise<DatabaseHandle> | undefined;

async function open(): Promise<DatabaseHandle> {
  const cfg = config();
  const handle = await openDatabase(
    cfg.databaseUrl
      ? { kind: "postgres", url: cfg.databaseUrl }
      : { kind: "pglite", dataDir: path.join(cfg.dataDir, "db"), templateFolder: path.join(cfg.buildDir, TEMPLATE_FOLDER) },
  );
  await bootstrap(handle, cfg);
  watchPool(handle.pool);
  // Several instances share one PostgreSQL: they count sign-in failures and sign-ups together.
  if (handle.kind === "postgres") useSharedRateLimits(handle.pool, await sharedSecret(handle.db, "rate_limit_key"));
  // A content write on any instance clears every instance's cached pages.
  // Back after an outage, it cannot know what the other instances changed meanwhile: all is stale.
  await handle.listen(
    PAGE_CACHE_CHANNEL,
    (payload) => pageCache.clear(publicChangeFrom(payload)),
    () => pageCache.clear("everything"),
  );
  pageCache.onInvalidate((change) => {
    handle.notify(PAGE_CACHE_CHANNEL, JSON.stringify(change)).catch((error) => logError("Page-cache notification failed", error));
  });
  // A live story's change reaches the streams of every instance, this one's included, by the same
  // notification; back after an outage, each stream reads again from the last change it was sent.
  // The embedded database cannot carry it (services/live-signals.ts): its one instance hears its writes in-process.
  if (handle.kind === "postgres") {
    await handle.listen(
      LIVE_CHANNEL,
      (payload) => {
        const signal = liveSignalFrom(payload);
        if (signal) livePush.signal(signal);
      },
      () => livePush.gap(),
    );
  } else {
    onLiveChangeCommitted((signal) => livePush.signal(signal));
  }
  return handle;
}

function databaseHandle(): Promise<DatabaseHandle> {
  opening ??= open();
  return opening;
}

export async function database(): Promise<Database> {
  return (await databaseHandle()).db;
}

/** Documents that may wait for the worker, beside the one it works on (services/document-jobs.ts). */
const DOCUMENT_JOBS_WAITING = 8;
let thread: ReturnType<typeof documentWorker> | undefined;
let jobs: Promise<DocumentJobs> | undefined;

/** This process's documents jobs: its worker thread (started on the first job) and the jobs it holds. */
export function documentJobs(): Promise<DocumentJobs> {
  jobs ??= database().then((db) =>
    makeDocumentJobs(db, documentThread(), mediaStorage(), {
      capacity: DOCUMENT_JOBS_WAITING + 1,
      // A document readers could not see is on its page, in search and in the stories that show it.
      onPublished: () => pageCache.invalidate(),
    }),
  );
  return jobs;
}

/** This process's documents worker: the jobs' and the back office's page drawings wait their turn in it. */
export function documentThread(): ReturnType<typeof documentWorker> {
  thread ??= documentWorker({ waiting: DOCUMENT_JOBS_WAITING });
  return thread;
}

/** Reads counted since the last write, and the reader's "Most read" ranking (services/most-read.ts). */
export const readCounter = new ReadCounter();
export const mostReadRanking = new MostReadRanking(config().mostReadRefreshMs);

let stopScheduler: (() => Promise<void>) | undefined;
let stopReadCounter: (() => Promise<void>) | undefined;
let stopTipPurge: (() => Promise<void>) | undefined;
let stopVacuum: (() => Promise<void>) | undefined;
let stopSessionPurge: (() => Promise<void>) | undefined;
let stopUnconfirmedPurge: (() => Promise<void>) | undefined;
let stopDocumentJobs: (() => Promise<void>) | undefined;
let newsletterSender: NewsletterSender | undefined;

/** Tells the newsletter sender to look for work now: an issue was just sent or scheduled. */
export function wakeNewsletterSender(): void {
  newsletterSender?.wake();
}

/**
 * Opens, migrates and bootstraps, and starts what runs beside the requests (scheduled publishing,
 * the read counter, the hourly purges of expired tips and sessions); the server calls it before it listens.
 */
export async function startApp(): Promise<void> {
  await mediaStorage().check();
  const handle = await databaseHandle();
  const db = handle.db;
  // A story that went live changes every list, feed and sitemap, on every instance.
  stopScheduler ??= startScheduler(
    () => publishDue(db, new Date()),
    () => pageCache.invalidate(),
    config().scheduleCheckMs,
  );
  stopReadCounter ??= startReadCounter(readCounter, database, config().mostReadRefreshMs);
  stopTipPurge ??= startTipPurge(database, config().tipsRetentionDays);
  stopSessionPurge ??= startSessionPurge(database);
  stopUnconfirmedPurge ??= startUnconfirmedPurge(database);
  // Jobs left by a stopped instance are taken over; the embedded database has no other instance.
  stopDocumentJobs ??= startDocumentJobs(await documentJobs(), handle.kind === "pglite");
  // One instance sends newsletters at a time (its lease); the embedded database has no other instance.
  newsletterSender ??= startNewsletterSender(db, { exclusive: handle.kind === "pglite" });
  if (handle.kind === "pglite") {
    stopVacuum ??= repeatEvery(
      () => vacuumWhereDue(handle.pool),
      EMBEDDED_VACUUM_EVERY_MS,
      "Vacuuming the embedded database failed; trying again in ten minutes",
    );
  }
}

export async function stopApp(): Promise<void> {
  livePush.stop();
  await stopScheduler?.();
  stopScheduler = undefined;
  await stopReadCounter?.();
  stopReadCounter = undefined;
  await stopTipPurge?.();
  stopTipPurge = undefined;
  await stopSessionPurge?.();
  stopSessionPurge = undefined;
  await stopUnconfirmedPurge?.();
  stopUnconfirmedPurge = undefined;
  // A confirmation handed to mail before the stop goes out before the database closes.
  await mailSent();
  await stopDocumentJobs?.();
  stopDocumentJobs = undefined;
  await newsletterSender?.stop();
  newsletterSender = undefined;
  // A job cut short keeps its row's job: the next start takes it over.
  await thread?.stop();
  await (await jobs)?.settled();
  thread = undefined;
  jobs = undefined;
  await stopVacuum?.();
  stopVacuum = undefined;
  if (!opening) return;
  const handle = await opening;
  opening = undefined;
  await handle.close();
}
