/**
 * Another process on an embedded data folder, for the tests of the one-process-per-folder rule
 * (app/server/db/data-folder-lock.test.ts, embedded-server.test.ts). Run with tsx:
 *
 * - `node --import tsx hold-data-folder.ts start <dataDir>` opens the embedded database on the
 *   folder as the server does, prints `started <pid>`, and holds it until SIGTERM.
 * - `node --import tsx hold-data-folder.ts contend` reads lines `<dataDir> <epoch ms>` on standard
 *   input; for each it waits, busy, until that instant (so that several processes ask at the same
 *   moment), claims the folder once and prints `won <dataDir>` or `refused <dataDir>: <message>`.
 *   What it won it holds until its standard input ends.
 */
import { createInterface } from "node:readline";
import { lockDataFolder } from "../../app/server/db/data-folder-lock";
import { startEmbeddedServer } from "../../app/server/db/embedded-server";

const [mode, dataDir] = process.argv.slice(2);

if (mode === "start" && dataDir) {
  const server = await startEmbeddedServer(dataDir);
  process.once("SIGTERM", () => void server.stop().then(() => process.exit(0)));
  console.log(`started ${process.pid}`);
  setInterval(() => undefined, 60_000);
} else if (mode === "contend") {
  for await (const line of createInterface({ input: process.stdin })) {
    const [folder, at] = line.split(" ");
    while (performance.timeOrigin + performance.now() < Number(at));
    try {
      // At once: the winner holds on, so waiting for it would only make each round slower.
      await lockDataFolder(folder!, 0);
      console.log(`won ${folder}`);
    } catch (error) {
      console.log(`refused ${folder}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} else {
  throw new Error("usage: hold-data-folder.ts start <dataDir> | contend");
}
