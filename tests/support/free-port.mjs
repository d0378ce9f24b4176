// A port on 127.0.0.1 that nothing listens on, for a test or benchmark server. Plain JavaScript
// so that the benchmark can use it too; the types are in free-port.d.mts.
import { createServer } from "node:net";

// The kernel may hand the port just closed to the next probe. Two servers started together (the
// PostgreSQL test starts two instances at once) would then both get it, and one would fail to
// listen; a port is handed out once per process.
const handedOut = new Set();

function probe() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function freePort() {
  for (;;) {
    const port = await probe();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}
