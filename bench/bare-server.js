// The baseline: a bare node:http server sending a fixed 30 KB page, in a process of its own like
// ours, so that "× bare" compares two servers on the same machine in the same run.
import http from "node:http";

const body = Buffer.from(`<!doctype html><html><body><p>${"Khulasa bench baseline. ".repeat(1300)}</p></body></html>`.slice(0, 30 * 1024));
const server = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
