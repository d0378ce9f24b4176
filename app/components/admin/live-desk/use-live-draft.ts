/**
 * The live desk's draft and its way to the server (issue 39). A reporter in the field types on a
 * phone whose connection comes and goes, so:
 *
 * - the draft is kept in localStorage, per member and story, as it is typed: a reload, a closed
 *   tab or a dead battery loses nothing;
 * - each draft has one Idempotency-Key, made with it and kept with it, so that however often a post
 *   is sent again (a timeout whose answer was lost, a reload while it was on its way) the server
 *   stores it once (docs/api.md, "Live coverage");
 * - once Post is pressed the draft is *sending*, which is kept too: it is sent again when the
 *   connection returns (the browser's `online`, and a slow retry for when the browser thinks it is
 *   online and is not), and on the next load, until the server stores it or refuses it. Its words
 *   cannot change meanwhile: the same key with other words would be refused.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiResult } from "~/lib/api-client";
import type { DeskPicture } from "~/lib/live-desk-text";

export interface LiveDraft {
  text: string;
  headline: string;
  pinned: boolean;
  picture: DeskPicture | null;
  /** Post the twin to the other edition too, with these words. */
  both: boolean;
  otherText: string;
  otherHeadline: string;
  otherCaption: string;
  /** The Idempotency-Key of this draft's post, made with the draft. */
  key: string;
  /** Post was pressed: the draft is sent until it is stored or refused. */
  sending: boolean;
}

/** Where a post stands, for the line under the Post button. */
export type PostState = { kind: "editing" } | { kind: "sending" } | { kind: "waiting" } | { kind: "posted"; both: boolean } | { kind: "refused"; error: string | null };

/** A fresh key: a UUID where the browser makes them (secure pages), else as many random bits. */
function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const emptyDraft = (): LiveDraft => ({ text: "", headline: "", pinned: false, picture: null, both: false, otherText: "", otherHeadline: "", otherCaption: "", key: newKey(), sending: false });

const isEmpty = (draft: LiveDraft) => !draft.sending && !draft.text.trim() && !draft.headline.trim() && !draft.picture && !draft.otherText.trim() && !draft.otherHeadline.trim();

function readDraft(storageKey: string): LiveDraft | null {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return stored ? { ...emptyDraft(), ...(JSON.parse(stored) as Partial<LiveDraft>) } : null;
  } catch {
    return null;
  }
}

function keepDraft(storageKey: string, draft: LiveDraft): void {
  try {
    if (isEmpty(draft)) window.localStorage.removeItem(storageKey);
    else window.localStorage.setItem(storageKey, JSON.stringify(draft));
  } catch {
    // Storage full or refused (a private window): the draft lives as long as the page.
  }
}

/** No answer, or a server or proxy that could not take it now: the same post is sent again later. */
const worthRetrying = (result: ApiResult<unknown>) => !result.ok && (result.status === 0 || result.status === 429 || result.status >= 500);

/** Codes that spend the draft's key: the post was stored once already (and deleted since, or with other words). */
const SPENT_KEY = new Set(["live_update_deleted", "idempotency_key_reused"]);

/** How long a post that found no connection waits before it is tried again, if the browser never says it is back online. */
const RETRY_MS = 15_000;

export function useLiveDraft(storageKey: string, send: (draft: LiveDraft) => Promise<ApiResult<unknown>>, onPosted: () => void) {
  const [draft, setDraft] = useState<LiveDraft>(emptyDraft);
  const [state, setState] = useState<PostState>({ kind: "editing" });
  const [restored, setRestored] = useState(false);
  const inFlight = useRef(false);
  const latest = useRef(draft);
  latest.current = draft;

  const attempt = useCallback(async () => {
    const sent = latest.current;
    if (inFlight.current || !sent.sending) return;
    inFlight.current = true;
    setState({ kind: "sending" });
    const result = await send(sent);
    inFlight.current = false;
    if (result.ok) {
      setDraft(emptyDraft());
      setState({ kind: "posted", both: sent.both });
      onPosted();
    } else if (worthRetrying(result)) {
      setState({ kind: "waiting" });
    } else {
      setDraft((current) => ({ ...current, sending: false, key: result.code && SPENT_KEY.has(result.code) ? newKey() : current.key }));
      setState({ kind: "refused", error: result.error });
    }
  }, [send, onPosted]);

  // The draft this member left on this story, and a post that was on its way when the page closed.
  useEffect(() => {
    const stored = readDraft(storageKey);
    if (stored) setDraft(stored);
    setRestored(true);
  }, [storageKey]);

  useEffect(() => {
    if (restored) keepDraft(storageKey, draft);
  }, [storageKey, draft, restored]);

  useEffect(() => {
    if (restored && draft.sending && state.kind === "editing") void attempt();
  }, [restored, draft.sending, state.kind, attempt]);

  useEffect(() => {
    if (state.kind !== "waiting") return;
    const retry = () => void attempt();
    window.addEventListener("online", retry);
    const timer = window.setTimeout(retry, RETRY_MS);
    return () => {
      window.removeEventListener("online", retry);
      window.clearTimeout(timer);
    };
  }, [state.kind, attempt]);

  const change = useCallback((values: Partial<LiveDraft>) => {
    setDraft((current) => (current.sending ? current : { ...current, ...values }));
    setState((current) => (current.kind === "posted" || current.kind === "refused" ? { kind: "editing" } : current));
  }, []);

  const post = useCallback(() => {
    const sending = { ...latest.current, sending: true };
    latest.current = sending;
    setDraft(sending);
    void attempt();
  }, [attempt]);

  return { draft, state, restored, change, post };
}
