/**
 * The request thread's side of the newsletter's sending thread (send-worker.ts, issue 40): hands it
 * a batch's rendered messages a slice per post, tells it how long readers-first wants each message
 * to wait, and passes back each slice's outcomes. The thread commits each message on a database
 * connection of its own, so a message costs this thread no hop of its own: a slice of SLICE
 * messages is one post there and one back. The thread starts with a send's first slice and ends
 * when the send rests (`release`), so an idle server keeps no thread.
 *
 * A thread that dies (an error it did not catch, the heap) stops nothing else: each slice it had
 * not answered is answered here as lost, and the sender asks the database how far each of its
 * messages came (send-queue.ts, settleLost). The next slice starts a new thread.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ThreadDatabaseLink } from "../db/thread-database";
import { transferablesOf } from "../db/thread-database";
import type { HandOff } from "../mail/relay-session";
import { PermanentMailFailure, TemporaryMailFailure } from "../mail/message";
import { fromAddress } from "../mail/transport";
import { config } from "../platform/config";
import { logError } from "../platform/log";
import { threadFromSource } from "../platform/thread-from-source";
import { LOAD_WINDOW_MS, readersWait } from "./readers-first";
import type { FailureData, FromSendThread, HandOffData, SendThreadSettings, SliceItem, ToSendThread } from "./send-worker";
import { builtWorker } from "./send-worker-location";

/** What became of a slice: the outcomes to record, by the item's index, or the whole slice lost with its thread. */
export type SliceResult = { kind: "answered"; outcomes: { index: number; handOff: HandOff }[] } | { kind: "lost"; why: string };

export interface SendThread {
  /** Sends `items` for the lease's `holder`, once each, on the thread. */
  send(holder: string, items: SliceItem[]): Promise<SliceResult>;
  /** Starts no more messages: slices under way are answered with what was sent. */
  stop(): void;
  /** Ends the thread (and its connections) once no slice is under way; the next `send` starts another. */
  release(): Promise<void>;
}

export interface SendThreadOptions {
  spawn?: (settings: SendThreadSettings) => Worker;
}

/** The mail settings as the request thread reads them, for the sending thread, which reads none. */
export function sendThreadSettings(database: ThreadDatabaseLink, pace: { connections?: number; ratePerSecond?: number } = {}): SendThreadSettings {
  const { mail, dataDir } = config();
  return {
    relay: { smtpUrl: mail.smtpUrl, envelopeFrom: fromAddress(mail.from), folder: path.join(dataDir, "mail") },
    compose: { from: mail.from, dkim: mail.dkim },
    connections: pace.connections ?? mail.connections,
    ratePerSecond: pace.ratePerSecond ?? mail.ratePerSecond,
    database,
  };
}

/** The sending thread: the build's file, or send-worker.ts through tsx from the source tree. */
export const spawnSendThread = (settings: SendThreadSettings) => {
  const options = { workerData: settings, transferList: transferablesOf(settings.database) };
  return builtWorker ? new Worker(new URL(builtWorker), options) : threadFromSource(new URL("./send-worker.ts", import.meta.url), options);
};

const fromData = (failure: FailureData) =>
  failure.permanent ? new PermanentMailFailure(failure.message, failure.responseCode) : new TemporaryMailFailure(failure.message, failure.responseCode);

const handOffOf = (data: HandOffData): HandOff => (data.kind === "failed" ? { kind: "failed", failure: fromData(data.failure) } : data);

/** `settings` is called for each thread started: a database link belongs to one thread. */
export function startSendThread(settings: () => SendThreadSettings, { spawn = spawnSendThread }: SendThreadOptions = {}): SendThread {
  const pending = new Map<number, (result: SliceResult) => void>();
  let thread: Worker | undefined;
  let pacing: NodeJS.Timeout | undefined;
  let nextId = 0;

  const post = (worker: Worker, message: ToSendThread) => worker.postMessage(message);

  const died = (worker: Worker, why: string) => {
    if (thread !== worker) return;
    thread = undefined;
    clearInterval(pacing);
    for (const [id, resolve] of pending) {
      pending.delete(id);
      resolve({ kind: "lost", why: `the sending thread stopped: ${why}` });
    }
  };

  const start = () => {
    const worker = spawn(settings());
    worker.on("message", (message: FromSendThread) => {
      const resolve = pending.get(message.id);
      pending.delete(message.id);
      resolve?.({ kind: "answered", outcomes: message.outcomes.map(({ index, handOff }) => ({ index, handOff: handOffOf(handOff) })) });
    });
    worker.on("error", (error) => {
      logError("The newsletter's sending thread failed", error);
      died(worker, error.message);
    });
    worker.on("exit", (code) => died(worker, `exit code ${code}`));
    // Readers first: the wait is read from this thread's load and told to the sending thread when it changes.
    let told = 0;
    const wait = readersWait();
    pacing = setInterval(() => {
      const ms = wait();
      if (ms !== told && thread === worker) post(worker, { type: "wait", ms: (told = ms) });
    }, LOAD_WINDOW_MS);
    pacing.unref();
    return worker;
  };

  return {
    send(holder, items) {
      thread ??= start();
      const id = nextId++;
      const worker = thread;
      return new Promise<SliceResult>((resolve) => {
        pending.set(id, resolve);
        post(worker, { type: "slice", id, holder, items });
      });
    },
    stop() {
      if (thread) post(thread, { type: "stop" });
    },
    async release() {
      const worker = thread;
      if (!worker || pending.size > 0) return;
      thread = undefined;
      clearInterval(pacing);
      await worker.terminate();
    },
  };
}
