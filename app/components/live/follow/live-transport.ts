/**
 * How a reader's open page follows a live story (issue 39): server-sent events from
 * `/api/news/{slug}/updates/stream?after={change}` where the browser has EventSource (its `end`
 * event says coverage ended), and polling of the cached `?after=` answer otherwise, or as soon as
 * the stream fails. Each event's data is one entry of the
 * `?after=` answer plus its `change_id`; both kinds of message are handed to `onChange` one entry
 * at a time (live-changes.ts places them). Polling pauses while the tab is hidden.
 */
import type { LiveCoverage, LiveUpdatesPage } from "~/lib/api-types";
import { type LiveChange } from "./live-changes";

export interface FollowOptions {
  slug: string;
  /** The change the page was rendered at: the first answer brings every change after it. */
  after: number;
  pollMs: number;
  onChange: (change: LiveChange) => void;
  /** Coverage ended (`live.ended_at` says when): the page stops following. */
  onEnded: (live: LiveCoverage) => void;
  /** The coverage as it stands (its key points): from the stream's `coverage` event, or every answer when polling. */
  onCoverage: (live: LiveCoverage) => void;
}

type StreamMessage = Partial<LiveChange> & { change_id?: number; live?: LiveCoverage | null };

/** Starts following; the function returned stops. */
export function followLiveStream({ slug, after, pollMs, onChange, onEnded, onCoverage }: FollowOptions): () => void {
  const base = `/api/news/${encodeURIComponent(slug)}/updates`;
  let cursor = after;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  let stream: EventSource | null = null;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    stream?.close();
    document.removeEventListener("visibilitychange", onVisibility);
  };
  const ended = (live: LiveCoverage | null | undefined) => {
    if (!live?.ended_at) return false;
    stop();
    onEnded(live);
    return true;
  };

  /** One entry, from an event or an answer: the update's change, and where to resume after it. */
  const receive = (message: StreamMessage) => {
    if (typeof message.change_id === "number") cursor = Math.max(cursor, message.change_id);
    if (ended(message.live)) return;
    if (typeof message.id === "number") onChange(message as LiveChange);
  };

  const poll = async () => {
    clearTimeout(timer);
    try {
      let more = true;
      while (more && !stopped) {
        const response = await fetch(`${base}?after=${cursor}`, { headers: { accept: "application/json" } });
        if (!response.ok) break;
        const page = (await response.json()) as LiveUpdatesPage;
        for (const change of page.updates) receive(change);
        if (stopped || ended(page.live)) return;
        if (page.live) onCoverage(page.live);
        cursor = Math.max(cursor, page.change_id);
        more = page.has_more;
      }
    } catch {
      // Offline for a moment: the next poll asks from the same change.
    }
    schedule();
  };

  const schedule = () => {
    clearTimeout(timer);
    if (!stopped && polling && !document.hidden) timer = setTimeout(() => void poll(), pollMs);
  };

  function onVisibility() {
    if (!polling || stopped) return;
    if (document.hidden) clearTimeout(timer);
    else void poll();
  }

  const startPolling = () => {
    if (polling || stopped) return;
    polling = true;
    document.addEventListener("visibilitychange", onVisibility);
    schedule();
  };

  if (typeof window.EventSource === "function") {
    // From the page's change: the stream sends what changed since the render first, then the rest.
    stream = new EventSource(`${base}/stream?after=${after}`);
    const onEvent = (event: Event) => {
      try {
        receive(JSON.parse((event as MessageEvent<string>).data) as StreamMessage);
      } catch {
        // Not a change this page understands; the next poll, if it comes to that, has it.
      }
    };
    stream.addEventListener("message", onEvent);
    // Coverage ended: `{live}`, then the server closes the stream.
    stream.addEventListener("end", onEvent);
    // The key points changed: `{live}`.
    stream.addEventListener("coverage", (event) => {
      try {
        const { live } = JSON.parse((event as MessageEvent<string>).data) as { live?: LiveCoverage };
        if (live) onCoverage(live);
      } catch {
        // Not a coverage this page understands; a reload has it.
      }
    });
    stream.addEventListener("error", () => {
      stream?.close();
      stream = null;
      if (stopped) return;
      void poll();
      startPolling();
    });
  } else {
    startPolling();
  }
  return stop;
}
