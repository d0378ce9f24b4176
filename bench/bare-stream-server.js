// The stream client's own floor (bench/live.js): a bare node:http server that holds event streams
// and, when told, writes one event to all of them at once. What its readers take to receive that
// event is the client's and the kernel's time, not a server's.
import http from "node:http";

const streams = new Set();
const server = http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "private, no-store, no-transform" });
  res.write("retry: 5000\n\n");
  streams.add(res);
  res.on("close", () => streams.delete(res));
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("listening"));
process.on("message", ({ changeId }) => {
  const event = Buffer.from(`id: ${changeId}\ndata: ${JSON.stringify({ id: changeId, change_id: changeId, body: `<p>${"Counting continues. ".repeat(12)}</p>` })}\n\n`);
  for (const res of streams) res.write(event);
  process.send?.("sent");
});
process.on("SIGTERM", () => {
  for (const res of streams) res.destroy();
  server.close(() => process.exit(0));
});
