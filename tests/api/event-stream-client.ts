/**
 * A client of a `text/event-stream` answer for the API tests, reading it as an EventSource does
 * (the HTML standard's parsing): events with their `id`, `event` and `data`, the last event id
 * (which an `id:` line alone also sets), `retry:` and comments. It never reconnects by itself: a
 * test reconnects with `Last-Event-ID` when it means to.
 */
import http from "node:http";

export interface StreamEvent {
  id: string;
  event: string;
  data: string;
}

export class EventStreamClient {
  readonly events: StreamEvent[] = [];
  readonly comments: string[] = [];
  retry: number | undefined;
  lastEventId = "";
  /** Resolves when the server has ended the stream (or the client closed it). */
  readonly ended: Promise<void>;
  private buffer = "";
  private waiters: (() => void)[] = [];
  private finished = false;
  private request: http.ClientRequest | undefined;

  private constructor(
    readonly status: number,
    readonly headers: http.IncomingHttpHeaders,
    private readonly response: http.IncomingMessage,
  ) {
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => this.read(chunk));
    this.ended = new Promise((resolve) => {
      const done = () => {
        this.finished = true;
        this.wake();
        resolve();
      };
      response.on("end", done);
      response.on("close", done);
      response.on("error", done);
    });
  }

  /** Opens `url`; a refusal is read whole into `body`. */
  static open(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient & { body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers: { accept: "text/event-stream", ...headers }, agent: false }, (response) => {
        const client = new EventStreamClient(response.statusCode ?? 0, response.headers, response) as EventStreamClient & { body: string };
        client.request = request;
        client.body = "";
        if (response.statusCode !== 200) {
          response.on("data", (chunk: string) => (client.body += chunk));
          return response.on("end", () => resolve(client));
        }
        resolve(client);
      });
      request.on("error", reject);
    });
  }

  get closed(): boolean {
    return this.finished;
  }

  /** Waits until `ready` holds (or the stream has ended): the test's own timeout bounds the wait. */
  async until(ready: (client: this) => boolean): Promise<void> {
    while (!ready(this) && !this.finished) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** The first `count` events, once they are in. */
  async take(count: number): Promise<StreamEvent[]> {
    await this.until(() => this.events.length >= count);
    return this.events.slice(0, count);
  }

  /** Drops the connection, as a reader closing the tab. */
  close(): void {
    this.request?.destroy();
    this.response.destroy();
  }

  private read(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.search(/\r\n\r\n|\n\n|\r\r/)) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + (this.buffer.startsWith("\r\n\r\n", end) ? 4 : 2));
      this.dispatch(block);
    }
    this.wake();
  }

  private dispatch(block: string): void {
    let event = "";
    const data: string[] = [];
    let sawData = false;
    for (const line of block.split(/\r\n|\n|\r/)) {
      if (line.startsWith(":")) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id" && !value.includes("\0")) this.lastEventId = value;
      else if (field === "event") event = value;
      else if (field === "data") {
        data.push(value);
        sawData = true;
      } else if (field === "retry" && /^\d+$/.test(value)) this.retry = Number(value);
    }
    if (sawData) this.events.push({ id: this.lastEventId, event: event || "message", data: data.join("\n") });
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
