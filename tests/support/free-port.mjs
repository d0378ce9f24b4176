// A port on 127.0.0.1 that nothing listens on, for a test or benchmark server. Plain JavaScript
// so that the benchmark can use it too; the types are in free-port.d.mts.
import { createServer } from "node:net";

// The kernel may hand the port just closed to the next probe. Two servers started together (the
// PostgreSQL test starts two instances at once) would then both get it, and one would fail to
// listen; a port is handed out once per process.
const handedOut = new Set();

function probe(port = 0) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * FREE_PORTS=4330-4339 keeps every port handed out within that range (engineers sharing a machine
 * each have one); unset, the kernel picks.
 */
function portRange() {
  const match = /^(\d+)-(\d+)$/.exec(process.env.FREE_PORTS ?? "");
  return match ? { first: Number(match[1]), last: Number(match[2]) } : undefined;
}

export async function freePort() {
  const range = portRange();
  if (range) {
    for (let port = range.first; port <= range.last; port++) {
      if (handedOut.has(port)) continue;
      if (!(await probe(port).catch(() => undefined))) continue;
      handedOut.add(port);
      return port;
    }
    throw new Error(`no free port in FREE_PORTS ${process.env.FREE_PORTS}`);
  }
  for (;;) {
    const port = await probe();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}
