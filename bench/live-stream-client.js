// The bench's readers of a live story's stream (bench/live.js): thousands of server-sent-event
// connections held by one process of their own, as wrk is for pages, so that what it costs to
// read them is not the server's. One plain HTTP/1.1 connection per reader (no agent, no keep-alive
// pool), parsed as an EventSource parses: each reader keeps the change numbers it received, in
// order, and when each arrived. Driven over IPC by the bench; it answers each command once done.
import http from "node:http";

/** A reader: its connection (replaced when it reconnects), what it received, and when. */
class Reader {
  constructor(url) {
    this.url = url;
    this.ids = [];
    this.arrivals = new Map();
    this.lastEventId = "";
    this.request = undefined;
    this.buffer = "";
  }

  /** Opens the stream (with Last-Event-ID once it has one); resolves once the server has sent its retry hint. */
  open() {
    return new Promise((resolve, reject) => {
      this.buffer = "";
      let attached = false;
      const headers = { accept: "text/event-stream", ...(this.lastEventId ? { "last-event-id": this.lastEventId } : {}) };
      this.request = http.get(this.url, { agent: false, headers }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          this.read(chunk);
          if (!attached && this.attached) {
            attached = true;
            resolve();
          }
        });
        response.on("error", () => undefined);
      });
      this.request.on("error", (error) => (attached ? undefined : reject(error)));
    });
  }

  drop() {
    this.request?.destroy();
    this.attached = false;
  }

  read(chunk) {
    this.buffer += chunk;
    let end;
    while ((end = this.buffer.indexOf("\n\n")) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let data = false;
      // Updates are unnamed messages; a named event (`coverage`, the key points; `end`) is not an update received.
      let named = false;
      for (const line of block.split("\n")) {
        if (line.startsWith("id: ")) this.lastEventId = line.slice(4);
        else if (line.startsWith("data: ")) data = true;
        else if (line.startsWith("event: ")) named = true;
        else if (line.startsWith("retry: ")) this.attached = true;
      }
      if (data && !named) {
        const id = Number(this.lastEventId);
        this.ids.push(id);
        this.arrivals.set(id, Date.now());
        stats.events += 1;
        waiting.get(id)?.arrived();
      }
    }
  }
}

const stats = { events: 0 };
let readers = [];
/** Waits for a change to reach `count` readers, by change number. */
const waiting = new Map();

/** Runs `open` for every reader, `batch` at a time, so that the server is not asked for thousands of connections in one instant. */
async function openAll(list, batch) {
  let failed = 0;
  for (let at = 0; at < list.length; at += batch) {
    const results = await Promise.allSettled(list.slice(at, at + batch).map((reader) => reader.open()));
    failed += results.filter((result) => result.status === "rejected").length;
  }
  return failed;
}

function waitFor(changeId, count, limitMs) {
  return new Promise((resolve) => {
    const have = () => readers.filter((reader) => reader.arrivals.has(changeId)).length;
    if (have() >= count) return resolve(have());
    let got = have();
    const timer = setTimeout(() => {
      waiting.delete(changeId);
      resolve(have());
    }, limitMs);
    waiting.set(changeId, {
      arrived() {
        got += 1;
        if (got < count) return;
        clearTimeout(timer);
        waiting.delete(changeId);
        resolve(got);
      },
    });
  });
}

const commands = {
  async open({ url, count, batch }) {
    const fresh = Array.from({ length: count }, () => new Reader(url));
    readers.push(...fresh);
    const started = Date.now();
    const failed = await openAll(fresh, batch);
    return { ms: Date.now() - started, failed };
  },
  /** When each reader received `changeId` (epoch ms), once `count` have, or after `limitMs`. */
  async arrivals({ changeId, count, limitMs }) {
    const received = await waitFor(changeId, count, limitMs);
    return { received, times: readers.flatMap((reader) => (reader.arrivals.has(changeId) ? [reader.arrivals.get(changeId)] : [])) };
  },
  async drop({ count }) {
    for (const reader of readers.slice(0, count)) reader.drop();
    return {};
  },
  async reconnect({ count, batch }) {
    const started = Date.now();
    const failed = await openAll(readers.slice(0, count), batch);
    return { ms: Date.now() - started, failed };
  },
  /** Whether every reader received exactly `expected` (change numbers, in order): none missed, none twice. */
  async check({ expected }) {
    let missing = 0;
    let duplicated = 0;
    let wrong = 0;
    for (const reader of readers) {
      const got = new Set(reader.ids);
      duplicated += reader.ids.length - got.size;
      missing += expected.filter((id) => !got.has(id)).length;
      if (reader.ids.join() !== expected.join()) wrong += 1;
    }
    return { readers: readers.length, missing, duplicated, readers_not_exactly_right: wrong };
  },
  async stats() {
    const usage = process.cpuUsage();
    return { events: stats.events, cpu_ms: Math.round((usage.user + usage.system) / 1000), rss_mb: Math.round(process.memoryUsage.rss() / 1024 ** 2) };
  },
  async reset() {
    for (const reader of readers) reader.drop();
    readers = [];
    stats.events = 0;
    return {};
  },
};

process.on("message", async ({ id, command, args }) => {
  try {
    process.send({ id, result: await commands[command](args) });
  } catch (error) {
    process.send({ id, error: String(error?.message ?? error) });
  }
});
