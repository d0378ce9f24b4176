// The embedded database's own thread (docs/decisions.md#2026-11-25-serving-readers-at-the-machines-speed-issue-11: the request thread never waits
// on a query plan). PGlite runs its queries synchronously in WebAssembly on whichever thread calls
// it, so it lives here. The request thread talks to it with node-postgres, exactly as to a
// PostgreSQL server, over a MessagePort instead of a socket (embedded-server.ts): the bytes are the
// PostgreSQL wire protocol, and each batch of messages up to a Sync goes to PGlite in one call.
// Several connections share PGlite's one session, in turns (below).
//
// Plain JavaScript: a worker needs a file of its own, and the server bundle inlines every module
// it imports.
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const { dataDir, templateFolder } = workerData;

/**
 * A data folder that holds no database yet starts as a copy of the empty one the build made
 * (vite-plugins/make-empty-database.mjs), when this PGlite made it: opening the copy peaks under
 * 200 MB of resident memory where PGlite's own initdb peaks near 740 MB. The copy is made beside
 * the folder and renamed into place, so that a start killed halfway leaves no half a database.
 * Without a template, PGlite runs initdb as before.
 */
function templateFits() {
  if (!templateFolder) return false;
  try {
    const made = JSON.parse(readFileSync(path.join(templateFolder, "database-template.json"), "utf8")).pglite;
    const installed = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite"))), "..", "package.json"), "utf8")).version;
    return made === installed;
  } catch {
    return false;
  }
}

/** For a database in memory: the template as an archive for PGlite to unpack, seconds where initdb took tens. */
function startFromTemplate() {
  if (!templateFits()) return undefined;
  if (!dataDir) return new Blob([readFileSync(path.join(templateFolder, "database.tar.gz"))]);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return undefined;
  const copy = `${dataDir}.from-template`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(path.join(templateFolder, "database"), copy, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(copy, dataDir);
  return undefined;
}

const archive = startFromTemplate();

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
  loadDataDir: archive,
  extensions: { pg_trgm },
  postgresqlconf: [`shared_buffers=${SHARED_BUFFERS}`, `random_page_cost=${RANDOM_PAGE_COST}`, `plan_cache_mode=${PLAN_CACHE_MODE}`],
});

const PROTOCOL_3 = 196608;
// Messages after which the client waits for an answer: Sync, simple Query, Flush.
const ANSWERED_AFTER = new Set([0x53, 0x51, 0x48]);
const TERMINATE = 0x58;
const PARSE = 0x50;
const READY_FOR_QUERY = 0x5a;
const IDLE = 0x49;
/** ParseComplete, the answer to a Parse this thread did not need to pass on. */
const PARSE_COMPLETE = Uint8Array.of(0x31, 0, 0, 0, 4);

/**
 * PGlite has a single backend, and so a single session, which every connection shares: the
 * request thread keeps several open so that the next statement is already here when one ends,
 * instead of waiting for the request thread to read the answer and send it (docs/decisions.md,
 * "Statements queued at the database"). Two things of a session cannot be shared:
 *
 * - A transaction. The connection whose batch left the session in one (or in the middle of an
 *   exchange, after a Flush) holds the session: only its batches run until it is idle again, the
 *   others wait in order.
 * - Prepared statements, by name. The application names them by a hash of their text
 *   (prepared-statements.ts), so a second connection's Parse of a name already prepared with the
 *   same text is answered here and not passed on; a name reused for another text is passed on and
 *   refused by the database, as it would be on one connection.
 *
 * Settings (SET) belong to the session too: the application changes none.
 */
let holder = null;
/** Batches waiting for the backend, first come first served, but the holder's first. */
const queue = [];
let running = false;
/** Called when nothing runs and nothing waits. */
let onDrained = null;
/** Set once the server has asked the database to stop: connections closing after it leave nothing to roll back. */
let stopped = false;
/** Prepared statements of the session: name → text. */
const prepared = new Map();
/** The backend's transaction status from its last ReadyForQuery ('I' idle, 'T' in a transaction, 'E' failed). */
let status = IDLE;

/** The name and text of the Parse message at `offset`. */
function parseMessage(bytes, offset) {
  const nameEnd = bytes.indexOf(0, offset + 5);
  const textEnd = bytes.indexOf(0, nameEnd + 1);
  return { name: bytes.toString("utf8", offset + 5, nameEnd), text: bytes.toString("utf8", nameEnd + 1, textEnd) };
}

/** True when `answer` ends with ReadyForQuery: a batch that ends with a Flush leaves the exchange open. */
function endsReady(answer) {
  const at = answer.length - 6;
  if (at < 0 || answer[at] !== READY_FOR_QUERY) return false;
  status = answer[at + 5];
  return true;
}

/**
 * Runs a batch of messages and returns the backend's answer as bytes. The streaming call hands the
 * bytes over as PGlite writes them; its plain execProtocolRaw also decodes every message of the
 * answer, text of each row included, for nobody: an eighth of the worker's time on a search.
 */
async function execute(batch, answered) {
  const chunks = answered ? [answered] : [];
  let length = answered ? answered.length : 0;
  await db.execProtocolRawStream(batch, {
    onRawData(bytes) {
      // A view of the database's memory, which its next write reuses.
      chunks.push(bytes.slice());
      length += bytes.length;
    },
  });
  if (chunks.length === 1 && !answered) return chunks[0];
  const answer = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    answer.set(chunk, at);
    at += chunk.length;
  }
  return answer;
}

/** Runs one queued batch of `connection`: its messages from `first` (after any start-up packet). */
async function runBatch({ connection, bytes, first }) {
  let batch = bytes;
  let answered = null;
  let parsing = null;
  if (bytes[first] === PARSE) {
    const { name, text } = parseMessage(bytes, first);
    if (name !== "" && prepared.get(name) === text) {
      batch = Buffer.concat([bytes.subarray(0, first), bytes.subarray(first + 1 + bytes.readInt32BE(first + 1))]);
      answered = PARSE_COMPLETE;
    } else if (name !== "") {
      parsing = { name, text };
    }
  }
  const answer = batch.length > 0 ? await execute(new Uint8Array(batch.buffer, batch.byteOffset, batch.byteLength), answered) : answered;
  if (parsing && answer[0] === PARSE_COMPLETE[0]) prepared.set(parsing.name, parsing.text);
  holder = endsReady(answer) && status === IDLE ? null : connection;
  // Handed over, not copied: the answer owns its buffer.
  connection.port.postMessage(answer, [answer.buffer]);
}

/** A connection has ended: a transaction it left open is rolled back, and the session is free. */
async function endConnection(connection) {
  if (holder !== connection) return;
  if (status !== IDLE) await db.exec("ROLLBACK");
  status = IDLE;
  holder = null;
}

function runNext() {
  if (running || stopped) return;
  const index = holder === null ? 0 : queue.findIndex((entry) => entry.connection === holder);
  if (index === -1 || queue.length === 0) {
    if (queue.length === 0) onDrained?.();
    return;
  }
  const [entry] = queue.splice(index, 1);
  running = true;
  (entry.ended ? endConnection(entry.connection) : runBatch(entry))
    .catch((error) => {
      // The client learns of it as of a server that went away; its transaction is rolled back.
      console.error("The embedded database failed a batch:", error);
      entry.connection.port.close();
    })
    .finally(() => {
      running = false;
      runNext();
    });
}

function serve(port) {
  const connection = { port, ended: false };
  let pending = Buffer.alloc(0);
  let startedUp = false;
  const end = () => {
    if (connection.ended) return;
    connection.ended = true;
    queue.push({ connection, ended: true });
    runNext();
  };
  port.on("message", (chunk) => {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
    // The start-up packet has no type byte; every later message is a type byte and a length.
    let offset = 0;
    let first = 0;
    let batchEnd = 0;
    let terminated = false;
    for (;;) {
      if (!startedUp) {
        if (pending.length < 8 || pending.length < pending.readInt32BE(0)) break;
        if (pending.readInt32BE(4) !== PROTOCOL_3) {
          terminated = true;
          break;
        }
        offset = batchEnd = first = pending.readInt32BE(0);
        startedUp = true;
        continue;
      }
      if (pending.length - offset < 5) break;
      const type = pending[offset];
      const messageEnd = offset + 1 + pending.readInt32BE(offset + 1);
      if (pending.length < messageEnd) break;
      if (type === TERMINATE) {
        terminated = true;
        break;
      }
      offset = messageEnd;
      if (ANSWERED_AFTER.has(type)) batchEnd = offset;
    }
    if (batchEnd > 0) queue.push({ connection, bytes: pending.subarray(0, batchEnd), first });
    pending = pending.subarray(batchEnd);
    if (terminated) {
      end();
      port.close();
    }
    runNext();
  });
  port.on("close", end);
}

parentPort.on("message", async (message) => {
  if (message?.type === "connect") serve(message.port);
  if (message?.type === "stop") {
    if (running || queue.length > 0) await new Promise((resolve) => (onDrained = resolve));
    stopped = true;
    await db.close();
    parentPort.postMessage({ type: "stopped" });
    parentPort.close();
  }
});
parentPort.postMessage({ type: "ready" });
