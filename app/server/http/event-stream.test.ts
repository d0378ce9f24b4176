import { describe, expect, test, vi } from "vitest";
import type { LiveSink } from "../services/live-push";
import { eventStream, MOST_BEHIND_BYTES } from "./event-stream";

const CHUNK = new Uint8Array(64 * 1024);

function opened() {
  const detach = vi.fn();
  let sink: LiveSink | undefined;
  const response = eventStream(new Request("http://khulasa.test/api/news/x/updates/stream"), (given) => {
    sink = given;
    return detach;
  });
  return { response, detach, sink: sink! };
}

describe("an event stream whose reader falls behind", () => {
  test("is closed once more than MOST_BEHIND_BYTES wait unread, and lets go of its follower once", async () => {
    const { response, detach, sink } = opened();
    const chunks = Math.ceil(MOST_BEHIND_BYTES / CHUNK.length) + 2;
    for (let i = 0; i < chunks; i++) sink.write(CHUNK);
    expect(detach).toHaveBeenCalledTimes(1);
    // What was written before is still delivered, and then the stream ends (the reader reconnects).
    const received = (await response.arrayBuffer()).byteLength;
    expect(received).toBeGreaterThan(MOST_BEHIND_BYTES);
    expect(received).toBeLessThan(chunks * CHUNK.length);
    expect(detach).toHaveBeenCalledTimes(1);
  });

  test("stays open for a reader who keeps up", async () => {
    const { response, detach, sink } = opened();
    const reader = response.body!.getReader();
    for (let i = 0; i < 64; i++) {
      sink.write(CHUNK);
      await reader.read();
    }
    expect(detach).not.toHaveBeenCalled();
    await reader.cancel();
    expect(detach).toHaveBeenCalledTimes(1);
  });
});
