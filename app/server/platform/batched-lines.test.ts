import { describe, expect, it } from "vitest";
import { BatchedLines } from "./batched-lines";

function sink() {
  const written: string[] = [];
  let synced = 0;
  return { written, synced: () => synced, write: (text: string) => written.push(text), flushSync: () => void synced++ };
}

describe("log lines batched before they are written", () => {
  it("holds lines until they reach the batch's length, then hands them on together, in order", () => {
    const to = sink();
    const lines = new BatchedLines(to, 10);
    lines.write("one\n");
    lines.write("two\n");
    expect(to.written).toEqual([]);
    lines.write("three\n");
    expect(to.written).toEqual(["one\ntwo\nthree\n"]);
    lines.write("four\n");
    expect(to.written).toEqual(["one\ntwo\nthree\n"]);
  });

  it("hands on what it holds when flushed, and nothing when it holds nothing", () => {
    const to = sink();
    const lines = new BatchedLines(to, 4096);
    lines.flush();
    lines.write("one\n");
    lines.flush();
    lines.flush();
    expect(to.written).toEqual(["one\n"]);
  });

  it("writes everything before the process exits", () => {
    const to = sink();
    const lines = new BatchedLines(to, 4096);
    lines.write("last\n");
    lines.flushSync();
    expect(to.written).toEqual(["last\n"]);
    expect(to.synced()).toBe(1);
  });
});
