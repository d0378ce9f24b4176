/**
 * The newsletter's sending thread (issue 40): runs the send's per-message loop, so that none of it
 * takes the thread that answers the site's readers. It is handed a batch's messages a slice at a
 * time, already rendered, and for each: waits its turn (MAIL_RATE_PER_SECOND, and the readers-first
 * wait the request thread tells it), builds it (MIME, DKIM signature), writes it to the relay over
 * one of MAIL_CONNECTIONS conversations, commits it on its own database connection (markSent) and
 * only then writes the ending line (mail/relay-session.ts). Each slice is answered once, with the
 * outcomes the request thread must record (a refusal, an unconfirmed hand-over).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { parentPort, workerData } from "node:worker_threads";
import type { MailSettings } from "../platform/config";
import { type ThreadDatabaseLink, openThreadClient } from "../db/thread-database";
import { type HandOff, openRelaySession, type RelaySession, type RelaySettings } from "../mail/relay-session";
import { classified, mailComposer, type OutgoingMail } from "../mail/message";
import { markSent } from "./mark-sent";

export interface SendThreadSettings {
  relay: RelaySettings;
  compose: Pick<MailSettings, "from" | "dkim">;
  connections: number;
  ratePerSecond: number;
  /** The thread's own connection to the database, for the commit point. */
  database: ThreadDatabaseLink;
}

/** A failure as it crosses threads: a structured clone keeps no class of its own. */
export interface FailureData {
  permanent: boolean;
  message: string;
  responseCode: number | undefined;
}

export type HandOffData = Exclude<HandOff, { kind: "failed" }> | { kind: "failed"; failure: FailureData };

export interface SliceItem {
  delivery: { issueId: number; subscriberId: number };
  mail: OutgoingMail;
}

/** A message of a slice whose outcome the request thread records: refused, or handed over unconfirmed. */
export interface Outcome {
  index: number;
  handOff: HandOffData;
}

export type ToSendThread =
  /** Send `items` for the lease's `holder`. */
  | { type: "slice"; id: number; holder: string; items: SliceItem[] }
  /** How long to wait before each message while the site's readers keep the request thread busy (readers-first.ts). */
  | { type: "wait"; ms: number }
  /** Start no more messages: those not started are answered as not sent, and stay waiting. */
  | { type: "stop" };

export type FromSendThread = { type: "slice"; id: number; outcomes: Outcome[] };

function toData(handOff: HandOff): HandOffData {
  if (handOff.kind !== "failed") return handOff;
  const { failure } = handOff;
  return { kind: "failed", failure: { permanent: failure.name === "PermanentMailFailure", message: failure.message, responseCode: failure.responseCode } };
}

/** Spaces messages `1 / rate` seconds apart, shared by every connection. */
function pacer(ratePerSecond: number) {
  const gapMs = 1000 / ratePerSecond;
  let next = 0;
  return async () => {
    const now = performance.now();
    const at = Math.max(next, now);
    next = at + gapMs;
    if (at > now) await sleep(at - now);
  };
}

interface Slice {
  id: number;
  holder: string;
  items: SliceItem[];
  left: number;
  outcomes: Outcome[];
}

function run(port: NonNullable<typeof parentPort>, settings: SendThreadSettings) {
  const compose = mailComposer(settings.compose);
  const pace = pacer(settings.ratePerSecond);
  const database = openThreadClient(settings.database);
  // A connection that failed to open fails each commit (a temporary failure), not the thread.
  database.catch(() => undefined);
  const sessions = new Map<number, RelaySession>();
  const queue: { slice: Slice; index: number }[] = [];
  let readersWaitMs = 0;
  let stopped = false;
  let idle: (() => void)[] = [];

  const finish = (slice: Slice) => {
    if (--slice.left === 0) port.postMessage({ type: "slice", id: slice.id, outcomes: slice.outcomes } satisfies FromSendThread);
  };

  const send = async (connection: number, slice: Slice, index: number) => {
    const { delivery, mail } = slice.items[index]!;
    let handOff: HandOff;
    try {
      const raw = await compose(mail);
      let session = sessions.get(connection);
      if (!session) sessions.set(connection, (session = openRelaySession(settings.relay)));
      handOff = await session.deliver(mail.to, raw, async () => markSent(await database, delivery, slice.holder));
    } catch (error) {
      // A message that cannot be built (a broken DKIM key, say) is a failure to record like a refusal.
      handOff = { kind: "failed", failure: classified(error) };
    }
    if (handOff.kind === "failed" || (handOff.kind === "accepted" && !handOff.confirmed)) slice.outcomes.push({ index, handOff: toData(handOff) });
  };

  /** One relay conversation's loop: the next queued message, in turn, until none is left. */
  const connectionLoop = async (connection: number) => {
    for (;;) {
      const next = queue.shift();
      if (!next) {
        await new Promise<void>((resolve) => idle.push(resolve));
        continue;
      }
      if (!stopped) {
        await pace();
        if (readersWaitMs > 0) await sleep(readersWaitMs);
      }
      if (!stopped) await send(connection, next.slice, next.index);
      finish(next.slice);
    }
  };

  for (let connection = 0; connection < settings.connections; connection++) void connectionLoop(connection);

  port.on("message", (message: ToSendThread) => {
    if (message.type === "wait") readersWaitMs = message.ms;
    else if (message.type === "stop") stopped = true;
    else {
      const slice: Slice = { id: message.id, holder: message.holder, items: message.items, left: message.items.length, outcomes: [] };
      if (slice.left === 0) return port.postMessage({ type: "slice", id: slice.id, outcomes: [] } satisfies FromSendThread);
      message.items.forEach((_, index) => queue.push({ slice, index }));
      const waiting = idle;
      idle = [];
      waiting.forEach((wake) => wake());
    }
  });
}

if (parentPort) run(parentPort, workerData as SendThreadSettings);
