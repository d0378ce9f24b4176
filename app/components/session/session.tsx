/**
 * The signed-in reader, known only in the browser: public pages are the same HTML for everyone
 * (DESIGN "Public pages are cacheable"), and /api/session fills in the personal parts.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
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
  /** SPEC 4: adds or removes the bookmark; a guest gets the sign-in modal instead. */
  toggleBookmark(articleId: number): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}

export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [user, setUser] = useState<PublicUser | null>(null);
  const [status, setStatus] = useState<SessionValue["status"]>("loading");
  const [auth, setAuth] = useState<OpenAuthOptions | null>(null);
  const pendingAuth = useRef<OpenAuthOptions | null>(null);

  useEffect(() => {
    let cancelled = false;
    apiRequest<{ user: PublicUser | null }>("/api/session").then((result) => {
      if (cancelled) return;
      setUser(result.ok ? result.data.user : null);
      setStatus("ready");
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const openAuth = useCallback((options: OpenAuthOptions = {}) => {
    pendingAuth.current = options;
    setAuth(options);
  }, []);

  const signedIn = useCallback((next: PublicUser) => {
    setUser(next);
    setStatus("ready");
  }, []);

  const signOut = useCallback(async () => {
    await apiRequest("/api/users/logout", { method: "POST" });
    setUser(null);
  }, []);

  const isBookmarked = useCallback(
    (articleId: number) => user?.bookmarks.includes(String(articleId)) ?? false,
    [user],
  );

  const toggleBookmark = useCallback(
    async (articleId: number) => {
      if (!user) {
        openAuth({ onSignedIn: () => void toggleBookmarkFor(articleId, setUser) });
        return;
      }
      await toggleBookmarkFor(articleId, setUser);
    },
    [user, openAuth],
  );

  const value = useMemo<SessionValue>(
    () => ({ user, status, openAuth, signedIn, signOut, isBookmarked, toggleBookmark }),
    [user, status, openAuth, signedIn, signOut, isBookmarked, toggleBookmark],
  );

  return (
    <SessionContext.Provider value={value}>
      {children}
      <AuthModal
        open={auth !== null}
        initialMode={auth?.mode ?? "signin"}
        onClose={() => setAuth(null)}
        onSignedIn={(next) => {
          signedIn(next);
          const after = pendingAuth.current?.onSignedIn;
          pendingAuth.current = null;
          setAuth(null);
          after?.(next);
        }}
      />
    </SessionContext.Provider>
  );
}

/** SPEC 7: a failed bookmark update is only logged, and the local list stays as it was. */
async function toggleBookmarkFor(articleId: number, setUser: React.Dispatch<React.SetStateAction<PublicUser | null>>) {
  const result = await apiRequest<{ bookmarked: boolean }>(`/api/users/me/bookmarks/${articleId}`, { method: "POST" });
  if (!result.ok) {
    console.error("Bookmark update failed", result.status, result.error);
    return;
  }
  const id = String(articleId);
  setUser((current) =>
    current
      ? {
          ...current,
          bookmarks: result.data.bookmarked
            ? [...current.bookmarks.filter((b) => b !== id), id]
            : current.bookmarks.filter((b) => b !== id),
        }
      : current,
  );
}
