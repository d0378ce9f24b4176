/**
 * The orders of events that the API tests cannot arrange on purpose: a change fanned out while a
 * new stream still reads its backlog, the heartbeat's slices, a reader leaving.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/connection";
import type { LiveUpdateRow } from "./live-json";
import { HEARTBEAT_MS, LivePush, type LiveSink } from "./live-push";
import { liveChangesOf } from "./live-stream";

vi.mock("./live-stream", () => ({ liveChangesOf: vi.fn() }));
const read = vi.mocked(liveChangesOf);

const row = (changeId: number): LiveUpdateRow => ({
  id: changeId,
  changeId,
  headline: "",
  body: `<p>${changeId}</p>`,
  pinned: false,
  publishedAt: new Date(0),
  editedAt: null,
  deletedAt: null,
  authorName: "Desk",
});
const live = { started_at: new Date(0).toISOString(), ended_at: null, key_points: "" };
/** What a read of the changes after `after` gives when the story's changes are `all`. */
const changes = (all: number[], after: number) => ({
  isPublished: true,
  authorId: null,
  live,
  updates: all.filter((id) => id > after).map(row),
  changeId: Math.max(after, ...all),
  hasMore: false,
});

function sink() {
  const written: string[] = [];
  let closed = false;
  const target: LiveSink & { written: string[]; closed: () => boolean } = {
    written,
    closed: () => closed,
    write: (bytes) => written.push(new TextDecoder().decode(bytes)),
    close: () => (closed = true),
  };
  return target;
}
const ids = (written: string[]) => written.flatMap((text) => [...text.matchAll(/^id: (\d+)\ndata:/gm)].map((match) => Number(match[1])));
const settle = () => new Promise((resolve) => setImmediate(resolve));

const push = () => new LivePush(async () => ({}) as Database);

beforeEach(() => read.mockReset());
afterEach(() => vi.useRealTimers());

describe("a story's streams on one instance", () => {
  it("sends a change fanned out while a new stream reads its backlog after that backlog, once", async () => {
    const hub = push();
    const old = sink();
    read.mockResolvedValueOnce(changes([4], 4));
    hub.follow({ articleId: 1, after: 4, sees: false }, old);
    await settle();

    // The newcomer's backlog (after 4) is slow; change 6 is committed and signalled meanwhile.
    let backlog!: () => void;
    read.mockImplementationOnce(() => new Promise((resolve) => (backlog = () => resolve(changes([5, 6], 4)))));
    const newcomer = sink();
    hub.follow({ articleId: 1, after: 4, sees: false }, newcomer);
    read.mockResolvedValueOnce(changes([5, 6], 4));
    hub.signal({ articleId: 1, changeId: 6 });
    await settle();
    expect(ids(old.written)).toEqual([5, 6]);
    expect(ids(newcomer.written)).toEqual([]);

    backlog();
    await settle();
    expect(ids(newcomer.written)).toEqual([5, 6]);
    // Its resume point never goes back: the last id it was told is the last change it has.
    expect([...newcomer.written.join("").matchAll(/^id: (\d+)$/gm)].at(-1)?.[1]).toBe("6");
    // One read for the fan-out, whatever the number of streams.
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("reads a change it has already read for no one again", async () => {
    const hub = push();
    read.mockResolvedValueOnce(changes([3], 3));
    hub.follow({ articleId: 1, after: 3, sees: false }, sink());
    await settle();
    read.mockResolvedValueOnce(changes([3, 4], 3));
    hub.signal({ articleId: 1, changeId: 4 });
    await settle();
    hub.signal({ articleId: 1, changeId: 4 });
    hub.signal({ articleId: 2, changeId: 9 });
    await settle();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("keeps every quiet stream open with one comment per 25 s, a slice of them each second", async () => {
    vi.useFakeTimers();
    const hub = push();
    read.mockResolvedValue(changes([], 0));
    const streams = Array.from({ length: 50 }, () => sink());
    for (const stream of streams) hub.follow({ articleId: 1, after: 0, sees: false }, stream);
    const beats = () => streams.map((stream) => stream.written.filter((text) => text === ": keep-alive\n\n").length);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(beats().filter((count) => count === 1).length).toBeLessThanOrEqual(2);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1_000);
    expect(beats()).toEqual(streams.map(() => 1));
  });

  it("forgets a stream whose reader has gone", async () => {
    const hub = push();
    read.mockResolvedValue(changes([], 0));
    const leave = hub.follow({ articleId: 1, after: 0, sees: false }, sink());
    await settle();
    expect(hub.streams).toBe(1);
    leave();
    expect(hub.streams).toBe(0);
    hub.signal({ articleId: 1, changeId: 1 });
    await settle();
    expect(read).toHaveBeenCalledTimes(1);
  });
});
