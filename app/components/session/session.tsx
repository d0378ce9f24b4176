/**
 * The signed-in reader, known only in the browser: public pages are the same HTML for everyone
 * (docs/product.md#public-pages-are-shared), and /api/session fills in the personal parts. The state
 * lives in this module, not in a React provider, so that every island of a reader page (each its
 * own React root) shares one session and one sign-in dialog.
 */
import { useSyncExternalStore } from "react";
import { AuthModal, type AuthMode } from "~/components/auth/AuthModal";
import type { PublicUser } from "~/lib/api-types";
import { apiRequest } from "~/lib/api-client";

export interface OpenAuthOptions {
  mode?: AuthMode;
  /** Runs once the reader has signed in through the modal (e.g. posts a kept comment draft). */
  onSignedIn?: (user: PublicUser) => void;
}

export interface SessionValue {
  user: PublicUser | null;
  /** "loading" until /api/session has answered; personal UI waits for "ready". */
  status: "loading" | "ready";
  openAuth(options?: OpenAuthOptions): void;
  signedIn(user: PublicUser): void;
  signOut(): Promise<void>;
  isBookmarked(articleId: number): boolean;
  /** docs/product.md#how-things-change: adds or removes the bookmark; a guest gets the sign-in modal instead. */
  toggleBookmark(articleId: number): Promise<void>;
}

interface State {
  user: PublicUser | null;
  status: SessionValue["status"];
  /** The sign-in dialog's request while it is open. */
  auth: OpenAuthOptions | null;
}

const INITIAL: State = { user: null, status: "loading", auth: null };
let state = INITIAL;
const listeners = new Set<() => void>();
let asked = false;

function update(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function listen(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks /api/session once, when the first component that shows the session appears. */
function subscribe(listener: () => void) {
  if (!asked) {
    asked = true;
    void apiRequest<{ user: PublicUser | null }>("/api/session").then((result) => update({ user: result.ok ? result.data.user : null, status: "ready" }));
  }
  return listen(listener);
}

/** The signed-in reader, or null for a guest, once /api/session has answered. */
export function knownUser(): Promise<PublicUser | null> {
  return new Promise((resolve) => {
    const known = () => {
      if (state.status !== "ready") return;
      stop();
      resolve(state.user);
    };
    const stop = subscribe(known);
    known();
  });
}

const current = () => state;
const beforeHydration = () => INITIAL;

function openAuth(options: OpenAuthOptions = {}) {
  update({ auth: options });
}

function signedIn(user: PublicUser) {
  update({ user, status: "ready" });
}

async function signOut() {
  await apiRequest("/api/users/logout", { method: "POST" });
  update({ user: null });
}

/** docs/product.md#the-api-in-summary: a failed bookmark update is only logged, and the local list stays as it was. */
async function toggleBookmarkFor(articleId: number) {
  const result = await apiRequest<{ bookmarked: boolean }>(`/api/users/me/bookmarks/${articleId}`, { method: "POST" });
  if (!result.ok) {
    console.error("Bookmark update failed", result.status, result.error);
    return;
  }
  const { user } = state;
  if (!user) return;
  const id = String(articleId);
  const others = user.bookmarks.filter((b) => b !== id);
  update({ user: { ...user, bookmarks: result.data.bookmarked ? [...others, id] : others } });
}

async function toggleBookmark(articleId: number) {
  if (!state.user) {
    openAuth({ onSignedIn: () => void toggleBookmarkFor(articleId) });
    return;
  }
  await toggleBookmarkFor(articleId);
}

export function useSession(): SessionValue {
  const { user, status } = useSyncExternalStore(subscribe, current, beforeHydration);
  return {
    user,
    status,
    openAuth,
    signedIn,
    signOut,
    isBookmarked: (articleId) => user?.bookmarks.includes(String(articleId)) ?? false,
    toggleBookmark,
  };
}

/**
 * The sign-in and registration dialog, opened by `openAuth` from anywhere on the page. It shows no
 * session, so it does not ask for one: the back office, which holds it at its root, then makes no
 * session check of its own (an account that must set a second factor up is refused it, 403).
 */
export function AuthDialog() {
  const { auth } = useSyncExternalStore(listen, current, beforeHydration);
  return (
    <AuthModal
      open={auth !== null}
      initialMode={auth?.mode ?? "signin"}
      onClose={() => update({ auth: null })}
      onSignedIn={(user) => {
        const after = state.auth?.onSignedIn;
        update({ user, status: "ready", auth: null });
        after?.(user);
      }}
    />
  );
}

/** Pages React Router hydrates whole (the back office) hold the dialog at their root. */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <AuthDialog />
    </>
  );
}
