// The embedded database's own thread (DESIGN "Beyond one machine": the request thread never waits
// on a query plan). PGlite runs its queries synchronously in WebAssembly on whichever thread calls
// it, so it lives here. The request thread talks to it with node-postgres, exactly as to a
// PostgreSQL server, over a MessagePort instead of a socket (embedded-server.ts): the bytes are the
// PostgreSQL wire protocol, and each batch of messages up to a Sync goes to PGlite in one call.
//
// Plain JavaScript: a worker needs a file of its own, and the server bundle inlines every module
// it imports.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const { dataDir } = workerData;

/**
 * PostgreSQL's default 128 MB of shared buffers become resident memory as they fill, in every
 * process that embeds the database. 32 MB holds the indexes and the hot rows of a newsroom's
 * archive; point lookups measured the same as with 128 MB, and what does not fit is read back
 * from the operating system's file cache (docs/decisions.md, "32 MB of shared buffers").
 */
const SHARED_BUFFERS = "32MB";

/**
 * The embedded database's pages are read from the operating system's file cache, not a spinning
 * disk: with PostgreSQL's default random_page_cost (4) the planner read every article's search
 * document in sequence rather than use the GIN index, 27 ms against 1 ms at 2,000 articles.
 */
const RANDOM_PAGE_COST = "1.1";

/**
 * In WebAssembly, planning a statement costs more than running it (4–17 ms against under 1 ms for
 * a page of summaries). Prepared statements (prepared-statements.ts) keep one generic plan each,
 * made on first use rather than after five custom plans; for full-text search the generic plan is
 * also the safer one, an index scan whatever the words, where a custom plan for a common word read
 * every article's search document in sequence.
 */
const PLAN_CACHE_MODE = "force_generic_plan";

// The embedded engine ships pg_trgm apart; search's migration creates the extension from it.
const db = await PGlite.create({
  dataDir,
  extensions: { pg_trgm },
  postgresqlconf: [`shared_buffers=${SHARED_BUFFERS}`, `random_page_cost=${RANDOM_PAGE_COST}`, `plan_cache_mode=${PLAN_CACHE_MODE}`],
});

const PROTOCOL_3 = 196608;
// Messages after which the client waits for an answer: Sync, simple Query, Flush.
const ANSWERED_AFTER = new Set([0x53, 0x51, 0x48]);
const TERMINATE = 0x58;
const READY_FOR_QUERY = 0x5a;
const IDLE = 0x49;

/** Every connection's batches run one after another: PGlite has a single backend. */
let turn = Promise.resolve();
/** The backend's transaction status from its last ReadyForQuery ('I' idle, 'T' in a transaction, 'E' failed). */
let status = IDLE;
/** Set once the server has asked the database to stop. */
let stopped = false;

function noteStatus(answer) {
  const at = answer.length - 6;
  if (at >= 0 && answer[at] === READY_FOR_QUERY) status = answer[at + 5];
}

/**
 * A new connection starts from a clean session: what a client that went away left open is rolled
 * back, and its prepared statements are dropped (the next client prepares the same names).
 */
async function resetSession() {
  // A client's port closes after the database when the server stops: nothing is left to reset.
  if (stopped) return;
  if (status !== IDLE) await db.exec("ROLLBACK");
  await db.exec("DEALLOCATE ALL");
  status = IDLE;
}

/**
 * Runs a batch of messages and returns the backend's answer as bytes. The streaming call hands the
 * bytes over as PGlite writes them; its plain execProtocolRaw also decodes every message of the
 * answer, text of each row included, for nobody: an eighth of the worker's time on a search.
 */
async function execute(batch) {
  const chunks = [];
  let length = 0;
  await db.execProtocolRawStream(batch, {
    onRawData(bytes) {
      // A view of the database's memory, which its next write reuses.
      chunks.push(bytes.slice());
      length += bytes.length;
    },
  });
  if (chunks.length === 1) return chunks[0];
  const answer = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    answer.set(chunk, at);
    at += chunk.length;
  }
  return answer;
}

/**
 * One client connection at a time: PGlite has one session, and a second client's statements would
 * run inside the first one's transaction. The pool in connection.ts holds exactly one; a connection
 * that arrives while another is still open (the pool replacing a broken one before this thread has
 * seen the old one go) waits its turn instead of being refused.
 */
let current = null;
const waiting = [];

/**
 * The connection on `port` is over: the next may start. Said as soon as the client terminates, not
 * only when its port's close event comes, which may reach this thread after the next client's
 * connect.
 */
function release(port) {
  const queued = waiting.indexOf(port);
  if (queued !== -1) waiting.splice(queued, 1);
  if (current !== port) return;
  current = null;
  turn = turn.then(resetSession);
  const next = waiting.shift();
  if (next) serve(next);
}

function serve(port) {
  if (current !== null) {
    waiting.push(port);
    port.on("close", () => release(port));
    return;
  }
  current = port;
  let pending = Buffer.alloc(0);
  let startedUp = false;
  port.on("message", (chunk) => {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
    // The start-up packet has no type byte; every later message is a type byte and a length.
    let offset = 0;
    let batchEnd = 0;
    let newSession = false;
    let terminated = false;
    for (;;) {
      if (!startedUp) {
        if (pending.length < 8 || pending.length < pending.readInt32BE(0)) break;
        if (pending.readInt32BE(4) !== PROTOCOL_3) {
          terminated = true;
          break;
        }
        offset = batchEnd = pending.readInt32BE(0);
        startedUp = newSession = true;
        continue;
      }
      if (pending.length - offset < 5) break;
      const type = pending[offset];
      const end = offset + 1 + pending.readInt32BE(offset + 1);
      if (pending.length < end) break;
      if (type === TERMINATE) {
        terminated = true;
        break;
      }
      offset = end;
      if (ANSWERED_AFTER.has(type)) batchEnd = offset;
    }
    const batch = pending.subarray(0, batchEnd);
    pending = pending.subarray(batchEnd);
    turn = turn.then(async () => {
      if (newSession) await resetSession();
      if (batch.length > 0) {
        const answer = await execute(new Uint8Array(batch.buffer, batch.byteOffset, batch.byteLength));
        noteStatus(answer);
        // Handed over, not copied: the answer owns its buffer.
        port.postMessage(answer, [answer.buffer]);
      }
      if (terminated) {
        release(port);
        port.close();
      }
    });
  });
  port.on("close", () => release(port));
}

parentPort.on("message", async (message) => {
  if (message?.type === "connect") serve(message.port);
  if (message?.type === "stop") {
    await turn;
    stopped = true;
    await db.close();
    parentPort.postMessage({ type: "stopped" });
    parentPort.close();
  }
});
parentPort.postMessage({ type: "ready" });
