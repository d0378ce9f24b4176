// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveUpdate, LiveUpdatesPage } from "~/lib/api-types";
import type { LiveChange } from "./live-changes";
import { followLiveStream } from "./live-transport";

const update = (id: number, change_id = id): LiveUpdate => ({
  id,
  change_id,
  headline: "",
  body: `<p>Update ${id}</p>`,
  pinned: false,
  published_at: "2026-11-28T10:00:00.000Z",
  edited_at: null,
  author: null,
});
const coverage = { started_at: "2026-11-28T09:00:00.000Z", ended_at: null, key_points: "" };

/** A stand-in for the browser's EventSource: the test opens it, sends events and fails it. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
  send(data: object) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(data) }));
  }
}

let asked: string[];
let answers: LiveUpdatesPage[];
let hidden: boolean;

beforeEach(() => {
  vi.useFakeTimers();
  asked = [];
  answers = [];
  hidden = false;
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    const answer = answers.shift() ?? { live: coverage, updates: [], change_id: 0, has_more: false };
    return new Response(JSON.stringify(answer), { status: 200 });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeEventSource.last = null;
});

function follow(after: number) {
  const changes: LiveChange[] = [];
  const ended = vi.fn();
  const covered = vi.fn();
  const stop = followLiveStream({ slug: "koshi", after, pollMs: 20_000, onChange: (change) => changes.push(change), onEnded: ended, onCoverage: covered });
  return { changes, ended, covered, stop };
}

describe("followLiveStream", () => {
  it("polls from the page's change, every interval, resuming from each answer's change, page after page", async () => {
    vi.stubGlobal("EventSource", undefined);
    answers = [
      { live: coverage, updates: [update(11)], change_id: 11, has_more: true },
      { live: coverage, updates: [update(12)], change_id: 12, has_more: false },
    ];
    const { changes, stop } = follow(10);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(asked).toEqual(["/api/news/koshi/updates?after=10", "/api/news/koshi/updates?after=11"]);
    expect(changes.map((change) => change.id)).toEqual([11, 12]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(asked.at(-1)).toBe("/api/news/koshi/updates?after=12");
    stop();
  });

  it("does not poll while the tab is hidden, and asks at once when it is shown again", async () => {
    vi.stubGlobal("EventSource", undefined);
    const { stop } = follow(5);
    hidden = true;
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toEqual([]);
    hidden = false;
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(["/api/news/koshi/updates?after=5"]);
    stop();
  });

  it("takes events from the stream through the same handler, and falls back to polling from the last event's change on an error", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const { changes, stop } = follow(7);
    const stream = FakeEventSource.last!;
    expect(stream.url).toBe("/api/news/koshi/updates/stream?after=7");
    stream.send({ ...update(8), change_id: 8 });
    stream.send({ id: 3, change_id: 9, deleted: true });
    expect(changes).toEqual([update(8), { id: 3, change_id: 9, deleted: true }]);
    expect(asked).toEqual([]);

    stream.dispatchEvent(new Event("error"));
    expect(stream.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(["/api/news/koshi/updates?after=9"]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(asked).toHaveLength(2);
    stop();
  });

  it("hands on new key points from the stream's coverage event, and from every answer when polling", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const { covered, changes, stop } = follow(7);
    const keyPoints = { ...coverage, key_points: "<ul><li>Turnout 61%</li></ul>" };
    FakeEventSource.last!.dispatchEvent(new MessageEvent("coverage", { data: JSON.stringify({ live: keyPoints }) }));
    expect(covered).toHaveBeenCalledWith(keyPoints);
    expect(changes).toEqual([]);

    answers = [{ live: { ...keyPoints, key_points: "<ul><li>Turnout 63%</li></ul>" }, updates: [], change_id: 9, has_more: false }];
    FakeEventSource.last!.dispatchEvent(new Event("error"));
    await vi.advanceTimersByTimeAsync(0);
    expect(covered).toHaveBeenLastCalledWith({ ...keyPoints, key_points: "<ul><li>Turnout 63%</li></ul>" });
    stop();
  });

  it("stops following when the stream says coverage ended", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const { ended } = follow(7);
    const stream = FakeEventSource.last!;
    stream.dispatchEvent(new MessageEvent("end", { data: JSON.stringify({ live: { ...coverage, ended_at: "2026-11-28T12:00:00.000Z" } }) }));
    expect(ended).toHaveBeenCalledOnce();
    expect(stream.closed).toBe(true);
    // The server's closing of the stream is then no failure to fall back from.
    stream.dispatchEvent(new Event("error"));
    expect(asked).toEqual([]);
  });

  it("stops following when coverage ends", async () => {
    vi.stubGlobal("EventSource", undefined);
    answers = [{ live: { ...coverage, ended_at: "2026-11-28T12:00:00.000Z" }, updates: [], change_id: 20, has_more: false }];
    const { ended } = follow(19);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ended).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(1);
  });
});
