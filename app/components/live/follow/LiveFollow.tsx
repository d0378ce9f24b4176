import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { useLanguage, useMessages } from "~/contexts/i18n";
import type { LiveCoverage, LiveUpdate } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { updateAnchor } from "~/lib/live-address";
import { newUpdatesText } from "~/lib/live-times";
import { type LiveChange, isDeleted, placeChange } from "./live-changes";
import { ENDED_NOTE, KEY_POINTS, KEY_POINTS_BODY, WHILE_RUNNING } from "./live-marks";
import { followLiveStream } from "./live-transport";
import { LiveUpdateItem } from "../LiveUpdateItem";
import { showElapsed } from "~/islands/show-elapsed";

/** Where the page's stream is, and where revealed updates go: LiveCoverageSection renders both. */
export const LIVE_STREAM_ID = "live-stream";
export const LIVE_FRESH_ID = "live-fresh";

export interface LiveFollowProps {
  slug: string;
  /** The change the page was rendered at. */
  changeId: number;
  /** The newest update on the page as rendered (0 for none). */
  newestId: number;
  /** How often to ask when polling: the server's setting, the same for every reader. */
  pollSeconds: number;
}

/** An update rendered by this island in place of one the server rendered (an edit of it). */
interface Replaced {
  update: LiveUpdate;
  host: HTMLElement;
}

/**
 * The island of a running live story (issue 39): it follows the stream (live-transport.ts), holds
 * new updates behind a "3 new updates" button so that the text being read never moves, announces
 * the count politely, reveals them above the stream on a press without moving the page, replaces
 * edited updates and removes deleted ones where they stand, and words the times as time since.
 * Updates it shows are rendered into the page's stream through portals.
 */
export function LiveFollow({ slug, changeId, newestId, pollSeconds }: LiveFollowProps) {
  const messages = useMessages();
  const language = useLanguage();
  const [pending, setPending] = useState<Map<number, LiveUpdate>>(() => new Map());
  const [fresh, setFresh] = useState<LiveUpdate[]>([]);
  const [replaced, setReplaced] = useState<Map<number, Replaced>>(() => new Map());
  const [fresher, setFresher] = useState<HTMLElement | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const newest = useRef(newestId);
  // Where each update is, kept in step with every change at once: one answer may bring an update and its edit.
  const held = useRef(new Set<number>());
  const revealed = useRef(new Set<number>());
  const hosts = useRef(new Map<number, HTMLElement>());

  const receive = useCallback((change: LiveChange) => {
    const inPage = (id: number) => document.getElementById(updateAnchor(id)) !== null;
    const placement = placeChange(change, { pending: held.current, shown: inPage, newest: newest.current });
    if (placement === "ignore") return;
    const id = change.id;
    if (placement === "remove") {
      held.current.delete(id);
      revealed.current.delete(id);
      const host = hosts.current.get(id);
      hosts.current.delete(id);
      setPending((map) => without(map, id));
      setFresh((shown) => shown.filter((update) => update.id !== id));
      setReplaced((map) => without(map, id));
      (host ?? document.getElementById(updateAnchor(id)))?.remove();
      return;
    }
    if (isDeleted(change)) return;
    if (placement === "hold" || placement === "replace-held") {
      newest.current = Math.max(newest.current, id);
      held.current.add(id);
      setPending((map) => new Map(map).set(id, change));
    } else if (revealed.current.has(id)) {
      setFresh((shown) => shown.map((update) => (update.id === id ? change : update)));
    } else {
      const host = hosts.current.get(id) ?? hostInPlaceOf(id);
      if (!host) return;
      hosts.current.set(id, host);
      setReplaced((map) => new Map(map).set(id, { update: change, host }));
    }
  }, []);

  useEffect(() => {
    setFresher(document.getElementById(LIVE_FRESH_ID));
    // Ended under the reader's eyes: the page says so as a reload would (LiveSummary), its updates kept.
    const onEnded = (live: LiveCoverage) => {
      const when = formatMessage(messages.liveEndedAt, { time: language.formatDateTime(live.ended_at!) });
      for (const element of document.querySelectorAll(`[${WHILE_RUNNING}]`)) element.remove();
      for (const element of document.querySelectorAll<HTMLElement>(`[${ENDED_NOTE}]`)) {
        element.textContent = when;
        element.hidden = false;
      }
      setEnded(when);
    };
    // New key points replace the old where they stand (the server sanitised them, as the page's own).
    const onCoverage = (live: LiveCoverage) => {
      const section = document.querySelector<HTMLElement>(`[${KEY_POINTS}]`);
      const body = section?.querySelector<HTMLElement>(`[${KEY_POINTS_BODY}]`);
      if (!section || !body || body.innerHTML === live.key_points) return;
      body.innerHTML = live.key_points;
      section.hidden = live.key_points === "";
    };
    return followLiveStream({ slug, after: changeId, pollMs: pollSeconds * 1000, onChange: receive, onEnded, onCoverage });
  }, [slug, changeId, pollSeconds, receive, messages, language]);

  // What the island has just rendered is worded like the rest of the page (islands/relative-times.ts).
  useEffect(() => {
    const stream = document.getElementById(LIVE_STREAM_ID);
    if (stream) showElapsed(stream, new Date(), messages, language);
  }, [fresh, replaced, messages, language]);

  const reveal = () => {
    const arrived = [...pending.values()].sort((a, b) => b.id - a.id);
    const stream = document.getElementById(LIVE_STREAM_ID);
    // A reader who has the top of the stream in view sees them appear there, the page held still;
    // one reading elsewhere (further down, or the story above) is taken to them.
    const top = stream?.getBoundingClientRect().top ?? 0;
    const atTop = top >= 0 && top < window.innerHeight;
    const scrolled = window.scrollY;
    for (const update of arrived) revealed.current.add(update.id);
    held.current.clear();
    flushSync(() => {
      setFresh((shown) => [...arrived, ...shown]);
      setPending(new Map());
    });
    const first = arrived[0] && document.getElementById(updateAnchor(arrived[0].id));
    if (atTop) window.scrollTo(window.scrollX, scrolled);
    else first?.scrollIntoView({ block: "start" });
    first?.focus({ preventScroll: true });
  };

  const count = pending.size;
  const label = count > 0 ? newUpdatesText(count, messages, language.formatNumber) : (ended ?? "");
  return (
    <>
      {/* Fixed over the page's bottom edge, out of its flow: its showing moves nothing, and it is seen wherever the reader is. */}
      {count > 0 ? (
        <button
          type="button"
          onClick={reveal}
          className="fixed inset-x-0 bottom-4 z-30 mx-auto w-fit rounded-full bg-brand px-5 py-2.5 text-sm font-bold text-white shadow-lg hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          ↑ {label}
        </button>
      ) : null}
      <p role="status" className="sr-only">
        {label}
      </p>
      {fresher
        ? createPortal(
            fresh.map((update) => <LiveUpdateItem key={update.id} update={update} slug={slug} />),
            fresher,
          )
        : null}
      {[...replaced.values()].map(({ update, host }) => createPortal(<LiveUpdateItem update={update} slug={slug} />, host, String(update.id)))}
    </>
  );
}

function without<T>(map: Map<number, T>, id: number): Map<number, T> {
  if (!map.has(id)) return map;
  const next = new Map(map);
  next.delete(id);
  return next;
}

/** An element in the place of the server's rendering of update `id`, for the island to render its edit into. */
function hostInPlaceOf(id: number): HTMLElement | null {
  const old = document.getElementById(updateAnchor(id));
  if (!old) return null;
  const host = document.createElement("div");
  host.style.display = "contents";
  old.replaceWith(host);
  return host;
}
