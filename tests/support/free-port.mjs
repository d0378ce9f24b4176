// A port on 127.0.0.1 that nothing listens on, for a test or benchmark server. Plain JavaScript
// so that the benchmark can use it too; the types are in free-port.d.mts.
import { createServer } from "node:net";

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
