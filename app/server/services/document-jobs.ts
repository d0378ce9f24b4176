/**
 * Examining and preparing evidence documents in the background (issue 38): the request that asks
 * for a job answers at once, and the job runs in the documents worker (documents/worker-pool.ts),
 * never on the request thread. The job itself is kept on the document's row (`job`, status
 * `examining`), so it outlives the process: the instance that runs it holds a lease it renews, and
 * any instance takes over a job whose lease ran out because its instance stopped.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { MessageKey } from "~/lib/messages";
import type { Database } from "../db/connection";
import { type DocumentJob, documents } from "../db/schema";
import type { Finding } from "../documents/findings";
import { DocumentJobError, type documentWorker } from "../documents/worker-pool";
import { logError } from "../platform/log";
import { repeatEvery } from "../platform/repeat";
import type { MediaStorage } from "../storage";
import { discardStagedFile, promoteStagedFile, readDocumentFile, sha256Of, storeDocumentFile } from "./document-files";
import { publishPages } from "./document-pages";
import { documentSearchVector } from "./document-search";

/** The worker pool, as the jobs use it. */
export type DocumentWorker = Pick<ReturnType<typeof documentWorker>, "examine" | "prepare" | "render">;

/** How long a job is an instance's after it last said it is alive. */
export const DOCUMENT_LEASE_MS = 30_000;
/** How often an instance renews its leases and looks for jobs left behind. */
const SWEEP_EVERY_MS = 10_000;
/** Progress is written at most this often: a 100-page file must not cost 100 writes. */
const PROGRESS_EVERY_MS = 1_000;

export interface DocumentJobs {
  /** Whether this instance may take one more job now. */
  hasRoom(): boolean;
  /** Until when a job taken now is this instance's. */
  leaseFrom(now: Date): Date;
  /**
   * Runs the job of a document whose lease this instance holds, in the background. `original`:
   * the file just stored as the document's original, handed over (the job takes the buffer), so
   * an upload's examination does not read back from the database what the request still holds.
   */
  run(documentId: number, original?: Uint8Array): void;
  /**
   * Takes over jobs whose lease ran out, as many as there is room for; `everyLease`: every job,
   * when no other instance can hold one (the embedded database is this process's alone).
   */
  resume(now?: Date, options?: { everyLease?: boolean }): Promise<void>;
  /** Says this instance is still running its jobs. */
  renew(now?: Date): Promise<void>;
  /** Settles once no job runs (tests, shutting down). */
  settled(): Promise<void>;
}

/** What no longer applies once a job ends, however it ended. */
const released = { job: null, leaseUntil: null, progressPage: null, progressPages: null };
/** The columns that end a job that succeeded: the status its file's findings give it. */
const finished = (findings: Finding[]) => ({
  status: findings.length > 0 ? ("needs_review" as const) : ("clean" as const),
  ...released,
  failure: null,
  updatedAt: new Date(),
});

/** Why a job failed, as the back office says it: a file the examination could not read, or pages that could not be drawn. */
const failureOf = (reason: "unreadable" | "failed", kind: DocumentJob["kind"]): MessageKey =>
  kind === "render" ? "documentRenderFailed" : reason === "unreadable" ? "documentUnreadable" : "documentJobFailed";

export interface DocumentJobsOptions {
  /** Jobs this instance runs or queues at once; the worker must let as many wait. */
  capacity?: number;
  leaseMs?: number;
  /** Once a document's pages are drawn and readers can see it. */
  onPublished?: (documentId: number) => void;
}

/** A job waits or runs while its row names it; every end of a job clears it. */
const underJob = isNotNull(documents.job);

export function documentJobs(
  db: Database,
  worker: DocumentWorker,
  storage: MediaStorage,
  { capacity = 8, leaseMs = DOCUMENT_LEASE_MS, onPublished }: DocumentJobsOptions = {},
): DocumentJobs {
  const running = new Map<number, Promise<void>>();
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);
  const pending = (id: number) => and(eq(documents.id, id), underJob);

  /** Writes how far the examination has read, in order, at most every PROGRESS_EVERY_MS. */
  const progressOf = (id: number) => {
    let last = 0;
    let written: Promise<unknown> = Promise.resolve();
    return {
      report: ({ page, pages }: { page: number; pages: number }) => {
        if (Date.now() - last < PROGRESS_EVERY_MS) return;
        last = Date.now();
        written = written.then(() =>
          db
            .update(documents)
            .set({ progressPage: page, progressPages: pages, leaseUntil: leaseFrom(new Date()) })
            .where(pending(id))
            .catch((error: unknown) => logError("Writing a document's progress failed", error)),
        );
      },
      done: () => written,
    };
  };

  const execute = async (id: number, given?: Uint8Array) => {
    const [row] = await db.select({ job: documents.job, preparedFindings: documents.preparedFindings }).from(documents).where(pending(id));
    if (!row?.job) return;
    const job = row.job;
    const progress = progressOf(id);
    if (job.kind === "render") {
      try {
        const { text, ...published } = await publishPages(db, worker, storage, id, progress.report);
        await progress.done();
        const [done] = await db
          .update(documents)
          .set({ ...published, searchVector: documentSearchVector(text), publishedAt: new Date(), ...finished(row.preparedFindings ?? []) })
          .where(pending(id))
          .returning({ id: documents.id });
        if (done) onPublished?.(id);
      } catch (error) {
        await progress.done();
        await failed(id, error, job.kind);
      }
      return;
    }
    const original = given ?? (await readDocumentFile(db, id, "original"));
    try {
      if (!original) throw new DocumentJobError("failed", "the original is not stored");
      if (job.kind === "examine") {
        const examination = await worker.examine(original, progress.report);
        await progress.done();
        await db
          .update(documents)
          .set({ originalPages: examination.pages, originalFindings: examination.findings, ...finished(examination.findings) })
          .where(pending(id));
        return;
      }
      const options = { flatten: job.flatten, dpi: job.dpi, ocr: job.ocr };
      const prepared = await worker.prepare(original, options);
      const sha256 = await sha256Of(prepared);
      const size = prepared.byteLength;
      // Stored before it is examined, so that the examination can take the only copy to the worker:
      // this thread holding it besides put the job 22 MB over the memory budget (issue 38).
      await storeDocumentFile(db, id, "staged", prepared);
      const examination = await worker.examine(prepared, progress.report);
      // A flattened file has no text but the words our OCR read from its pictures, which show
      // them to everyone anyway: its OCR layer is known and leaks nothing, so it holds nothing up.
      const findings = options.flatten && (options.ocr ?? []).length > 0 ? examination.findings.filter((finding) => finding.kind !== "ocr_layer") : examination.findings;
      await progress.done();
      await db.transaction(async (tx) => {
        const [recorded] = await tx
          .update(documents)
          .set({ preparedSha256: sha256, preparedSize: size, preparedPages: examination.pages, preparedFindings: findings, preparedWith: options, ...finished(findings) })
          .where(pending(id))
          .returning({ id: documents.id });
        // Not recorded: the job is no longer this instance's, and the staged parts are the holder's to replace.
        if (recorded) await promoteStagedFile(tx, id);
      });
    } catch (error) {
      await progress.done();
      if (job.kind === "prepare") await discardStagedFile(db, id);
      await failed(id, error, job.kind);
    }
  };

  const failed = async (id: number, error: unknown, kind: DocumentJob["kind"]) => {
    if (!(error instanceof DocumentJobError)) throw error;
    // This instance's worker is full or stopping: the job waits for an instance with room.
    if (error.reason === "busy") await db.update(documents).set({ leaseUntil: null }).where(pending(id));
    else await db.update(documents).set({ status: "failed", failure: failureOf(error.reason, kind), ...released, updatedAt: new Date() }).where(pending(id));
  };

  const run = (id: number, original?: Uint8Array) => {
    if (running.has(id)) return;
    const job = execute(id, original)
      .catch((error: unknown) => logError("A document's job failed", error))
      .finally(() => running.delete(id));
    running.set(id, job);
  };

  return {
    hasRoom: () => running.size < capacity,
    leaseFrom,
    run,
    async resume(now = new Date(), { everyLease = false } = {}) {
      const room = capacity - running.size;
      if (room <= 0) return;
      const unheld = and(underJob, everyLease ? undefined : or(isNull(documents.leaseUntil), lt(documents.leaseUntil, now)));
      const left = await db.select({ id: documents.id }).from(documents).where(unheld).orderBy(asc(documents.id)).limit(room);
      for (const { id } of left) {
        if (running.has(id)) continue;
        // Taken only if still unheld: two instances looking at once take each job once.
        const [taken] = await db
          .update(documents)
          .set({ leaseUntil: leaseFrom(now) })
          .where(and(eq(documents.id, id), unheld))
          .returning({ id: documents.id });
        if (taken) run(taken.id);
      }
    },
    async renew(now = new Date()) {
      if (running.size === 0) return;
      await db
        .update(documents)
        .set({ leaseUntil: leaseFrom(now) })
        .where(and(inArray(documents.id, [...running.keys()]), underJob));
    },
    async settled() {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}

/**
 * Beside the requests: renews this instance's leases and takes over jobs left behind, now and
 * every SWEEP_EVERY_MS. `ownsEveryJob`: at start, no other process can hold one.
 */
export function startDocumentJobs(jobs: DocumentJobs, ownsEveryJob: boolean): () => Promise<void> {
  let first = ownsEveryJob;
  return repeatEvery(
    async () => {
      await jobs.renew();
      await jobs.resume(new Date(), { everyLease: first });
      first = false;
    },
    SWEEP_EVERY_MS,
    "Resuming documents' examinations failed; trying again shortly",
  );
}
