// The embedded database's own thread (DESIGN "Beyond one machine": the request thread never waits
// on a query plan). PGlite runs its queries synchronously in WebAssembly on whichever thread calls
// it, so it lives here and is served over the PostgreSQL wire protocol on a Unix socket; the
// request thread reaches it through the same `pg` pool as a real PostgreSQL server.
//
// Plain JavaScript: a worker needs a file of its own, and the server bundle inlines every module
// it imports.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir, socketPath } = workerData;

/**
 * PostgreSQL's default 128 MB of shared buffers become resident memory as they fill, in every
 * process that embeds the database. 32 MB holds the indexes and the hot rows of a newsroom's
 * archive; point lookups measured the same as with 128 MB, and what does not fit is read back
 * from the operating system's file cache (docs/decisions.md, "Memory").
 */
const SHARED_BUFFERS = "32MB";

// The embedded engine ships pg_trgm apart; search's migration creates the extension from it.
const db = await PGlite.create({ dataDir, extensions: { pg_trgm }, postgresqlconf: [`shared_buffers=${SHARED_BUFFERS}`] });
// One connection: PGlite has a single backend, and the socket server would interleave the
// extended-protocol messages (Parse, Bind, Execute) of two connections in it.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
await server.start();
parentPort.postMessage({ type: "ready" });

parentPort.on("message", async (message) => {
  if (message?.type !== "stop") return;
  await server.stop();
  await db.close();
  parentPort.postMessage({ type: "stopped" });
  parentPort.close();
});
