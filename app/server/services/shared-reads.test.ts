/** Reads shared by callers asking at once: none gets an answer read before it asked. */
import { describe, expect, it } from "vitest";
import { SharedReads } from "./shared-reads";

/** A read that ends when told to, with what it was told. */
function controlled() {
  const started: { key: string; end: (value: string) => void; fail: (error: Error) => void }[] = [];
  const load = (key: string) => () =>
    new Promise<string>((resolve, reject) => {
      started.push({ key, end: resolve, fail: reject });
    });
  return { started, load };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("shared reads", () => {
  it("give the calls made while a read runs the next read, started once it ends, not the one running", async () => {
    const reads = new SharedReads<string>();
    const { started, load } = controlled();
    const first = reads.read("story", load("story"));
    const second = reads.read("story", load("story"));
    const third = reads.read("story", load("story"));
    expect(started).toHaveLength(1);
    started[0]!.end("as read first");
    expect(await first).toBe("as read first");
    await settle();
    expect(started).toHaveLength(2);
    started[1]!.end("as read after");
    expect([await second, await third]).toEqual(["as read after", "as read after"]);
    await settle();
    expect(reads.size).toBe(0);
  });

  it("read each key apart", async () => {
    const reads = new SharedReads<string>();
    const { started, load } = controlled();
    const one = reads.read("one", load("one"));
    const other = reads.read("other", load("other"));
    expect(started.map((read) => read.key)).toEqual(["one", "other"]);
    for (const read of started) read.end(read.key);
    expect([await one, await other]).toEqual(["one", "other"]);
  });

  it("give a failure to the calls of its read only: the next calls read again", async () => {
    const reads = new SharedReads<string>();
    const { started, load } = controlled();
    const failing = reads.read("story", load("story"));
    const waiting = reads.read("story", load("story"));
    started[0]!.fail(new Error("connection lost"));
    await expect(failing).rejects.toThrow("connection lost");
    await settle();
    started[1]!.end("read again");
    expect(await waiting).toBe("read again");
    const later = reads.read("story", load("story"));
    await settle();
    expect(started).toHaveLength(3);
    started[2]!.end("later");
    expect(await later).toBe("later");
    await settle();
    expect(reads.size).toBe(0);
  });
});
