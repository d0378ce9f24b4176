/**
 * The request thread's side of the newsletter's sending thread (send-worker.ts, issue 40): hands it
 * messages and answers its "commit" with the database's word. The thread starts with a send's
 * first message and ends when the send rests (`release`), so an idle server keeps no thread.
 *
 * A thread that dies (an error it did not catch, the heap) loses no outcome and stops nothing else:
 * each message it held is answered here, as a relay's silence would be. Not yet committed: a
 * temporary failure, tried again after the back-off (the relay never got its ending line). Already
 * committed: handed over, unconfirmed, as when a connection drops after the ending line, since the
 * relay may have the whole message. The next message starts a new thread.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { HandOff } from "../mail/relay-session";
import { type OutgoingMail, PermanentMailFailure, TemporaryMailFailure } from "../mail/message";
import { fromAddress } from "../mail/transport";
import { config } from "../platform/config";
import { logError } from "../platform/log";
import { threadFromSource } from "../platform/thread-from-source";
import type { FailureData, FromSendThread, HandOffData, SendThreadSettings, ToSendThread } from "./send-worker";
import { builtWorker } from "./send-worker-location";

export interface SendThread {
  /** Builds and hands over `mail` on connection number `connection`; `commit` says whether to finish it. */
  deliver(connection: number, mail: OutgoingMail, commit: () => Promise<boolean>): Promise<HandOff>;
  /** Ends the thread (and its connections) once no message is under way; the next `deliver` starts another. */
  release(): Promise<void>;
}

export interface SendThreadOptions {
  spawn?: (settings: SendThreadSettings) => Worker;
}

/** The mail settings as the request thread reads them, for the sending thread, which reads none. */
export function sendThreadSettings(): SendThreadSettings {
  const { mail, dataDir } = config();
  return {
    relay: { smtpUrl: mail.smtpUrl, envelopeFrom: fromAddress(mail.from), folder: path.join(dataDir, "mail") },
    compose: { from: mail.from, dkim: mail.dkim },
  };
}

/** The sending thread: the build's file, or send-worker.ts through tsx from the source tree. */
export const spawnSendThread = (settings: SendThreadSettings) =>
  builtWorker
    ? new Worker(new URL(builtWorker), { workerData: settings })
    : threadFromSource(new URL("./send-worker.ts", import.meta.url), { workerData: settings });

const fromData = (failure: FailureData) =>
  failure.permanent ? new PermanentMailFailure(failure.message, failure.responseCode) : new TemporaryMailFailure(failure.message, failure.responseCode);

const handOffOf = (data: HandOffData): HandOff => (data.kind === "failed" ? { kind: "failed", failure: fromData(data.failure) } : data);

interface Pending {
  commit: () => Promise<boolean>;
  committed: boolean;
  resolve: (handOff: HandOff) => void;
}

export function startSendThread(settings: SendThreadSettings, { spawn = spawnSendThread }: SendThreadOptions = {}): SendThread {
  const pending = new Map<number, Pending>();
  let thread: Worker | undefined;
  let nextId = 0;

  const answerCommit = (worker: Worker, id: number) => {
    const message = pending.get(id);
    if (!message) return;
    message.commit().then(
      (agreed) => {
        message.committed = agreed;
        if (thread === worker) worker.postMessage({ type: "commit", id, agreed } satisfies ToSendThread);
      },
      (error: unknown) => {
        logError("Marking a newsletter message sent failed", error);
        if (thread === worker)
          worker.postMessage({ type: "commit", id, agreed: false, error: error instanceof Error ? error.message : String(error) } satisfies ToSendThread);
      },
    );
  };

  const died = (worker: Worker, why: string) => {
    if (thread !== worker) return;
    thread = undefined;
    for (const [id, message] of pending) {
      pending.delete(id);
      message.resolve(
        message.committed
          ? { kind: "accepted", confirmed: false }
          : { kind: "failed", failure: new TemporaryMailFailure(`the sending thread stopped: ${why}`, undefined) },
      );
    }
  };

  const start = () => {
    const worker = spawn(settings);
    worker.on("message", (message: FromSendThread) => {
      if (message.type === "commit") return answerCommit(worker, message.id);
      const done = pending.get(message.id);
      pending.delete(message.id);
      done?.resolve(handOffOf(message.handOff));
    });
    worker.on("error", (error) => {
      logError("The newsletter's sending thread failed", error);
      died(worker, error.message);
    });
    worker.on("exit", (code) => died(worker, `exit code ${code}`));
    return worker;
  };

  return {
    deliver(connection, mail, commit) {
      thread ??= start();
      const id = nextId++;
      const worker = thread;
      return new Promise<HandOff>((resolve) => {
        pending.set(id, { commit, committed: false, resolve });
        worker.postMessage({ type: "send", id, connection, mail } satisfies ToSendThread);
      });
    },
    async release() {
      const worker = thread;
      if (!worker || pending.size > 0) return;
      thread = undefined;
      await worker.terminate();
    },
  };
}
