/**
 * Log lines held in a list and handed on joined, a few kilobytes at a time. pino's own buffering
 * (sonic-boom's `minLength`) appends each line to the text held so far and measures that text's
 * bytes, which makes V8 copy all of it into one string again on every line: a timed route's line
 * cost 3 KB of garbage at 5,000 requests a second (docs/decisions.md, "A cached page's garbage").
 */

/** Where the joined lines go: a sonic-boom writing as soon as it is given something. */
export interface LineSink {
  write(text: string): unknown;
  flushSync(): void;
}

export class BatchedLines {
  private lines: string[] = [];
  private length = 0;

  /** `minLength`: the characters held before they are handed on. */
  constructor(
    private readonly sink: LineSink,
    private readonly minLength: number,
  ) {}

  /** As pino writes: one line at a time. */
  write(line: string): boolean {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= this.minLength) this.flush();
    return true;
  }

  /** Hands on what is held. */
  flush(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join("");
    this.lines = [];
    this.length = 0;
    this.sink.write(text);
  }

  /** Hands on what is held and waits until the sink has written everything: before the process exits. */
  flushSync(): void {
    this.flush();
    this.sink.flushSync();
  }
}
