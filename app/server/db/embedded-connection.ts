/**
 * A connection to the embedded database's thread (embedded-server.ts) as node-postgres sees it: a
 * socket-shaped stream over a MessagePort. Apart from the server so that another thread (the
 * newsletter's sending thread) can wrap a port it was given without loading the database's start.
 */
import { Duplex } from "node:stream";
import type { MessagePort } from "node:worker_threads";

/**
 * The socket-shaped side of a connection to the worker: node-postgres writes each protocol
 * message separately, and the messages of one call (Parse, Bind, Execute, Sync) go to the worker
 * as one post at the end of the tick.
 */
export class WorkerConnection extends Duplex {
  private outgoing: Buffer[] = [];

  constructor(private readonly port: MessagePort) {
    super();
    port.on("message", (answer: Uint8Array) => this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength)));
    // The worker closed the connection (or refused it): node-postgres learns so from 'close'.
    port.on("close", () => {
      this.push(null);
      setImmediate(() => this.destroy());
    });
  }

  // What node-postgres asks of a socket.
  connect(): this {
    queueMicrotask(() => this.emit("connect"));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): void {
    this.port.ref();
  }
  unref(): void {
    this.port.unref();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.outgoing.push(chunk) === 1) {
      queueMicrotask(() => {
        const batch = this.outgoing.length === 1 ? this.outgoing[0]! : Buffer.concat(this.outgoing);
        this.outgoing = [];
        this.port.postMessage(batch);
      });
    }
    done();
  }
  override _read(): void {}
  override _final(done: (error?: Error | null) => void): void {
    this.port.close();
    done();
  }
  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.port.close();
    done(error);
  }
}
