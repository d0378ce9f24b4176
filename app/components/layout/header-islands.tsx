/**
 * The header's islands: the parts of it that respond to the reader (SiteHeader places them).
 */
import { useEffect, useState } from "react";
import { SavedArticles } from "~/components/bookmarks/SavedArticles";
import { HeaderSearchOverlay, openSearch } from "~/components/search/header-search-overlay";
import { useSession } from "~/components/session/session";
import { useMessages } from "~/contexts/i18n";
import { Anchor } from "~/components/i18n/anchor";
import { useScrolledPast } from "./use-scrolled-past";

/** docs/product.md#limits-and-constants: the header changes style after 50 px of scroll. */
const HEADER_SCROLL_PX = 50;

/** Marks the header scrolled (its styles follow `data-scrolled`). */
export function HeaderScroll() {
  const scrolled = useScrolledPast(HEADER_SCROLL_PX);
  useEffect(() => {
    document.querySelector("body > header")?.setAttribute("data-scrolled", String(scrolled));
  }, [scrolled]);
  return null;
}

/** The header's search field, above the medium breakpoint: Enter opens the overlay. */
export function HeaderSearch({ action }: { action: string }) {
  const messages = useMessages();
  return (
    <>
      <form
        method="get"
        action={action}
        role="search"
        aria-label={messages.searchArticles}
        className="ml-auto hidden max-w-xs flex-1 md:block"
        onSubmit={(event) => {
          event.preventDefault();
          openSearch(String(new FormData(event.currentTarget).get("q") ?? ""));
        }}
      >
        <label className="sr-only" htmlFor="header-search">
          {messages.searchArticles}
        </label>
        <input
          id="header-search"
          name="q"
          type="search"
          placeholder={messages.searchPlaceholder}
          className="w-full rounded-full border border-neutral-300 bg-neutral-50 px-4 py-1.5 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 dark:border-neutral-700 dark:bg-neutral-900"
        />
        {/* Enter submits the field; the button names the action for assistive technology, out of the Tab order. */}
        <button type="submit" tabIndex={-1} className="sr-only">
          {messages.search}
        </button>
      </form>
      <HeaderSearchOverlay />
    </>
  );
}

/**
 * The phone's search (the field is hidden below the medium breakpoint): a link to the search page,
 * which works before the island is alive; once it is, the overlay opens in place.
 */
export function SearchButton() {
  const messages = useMessages();
  return (
    <Anchor
      to="/search"
      className="rounded-full p-2 hover:bg-neutral-100 md:hidden dark:hover:bg-neutral-800"
      aria-label={messages.searchArticles}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        openSearch("");
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-3.5-3.5" />
      </svg>
    </Anchor>
  );
}

/** The user menu (docs/product.md#the-frame-of-every-page), an island: name, e-mail, 'Saved Articles', 'Sign Out'. Guests get a sign-in button. */
export function UserMenu() {
  const messages = useMessages();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [savedOpen, setSavedOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [open]);

  if (session.status === "loading") return <span className="inline-block h-9 w-9" aria-hidden="true" />;
  if (!session.user) {
    return (
      <button
        type="button"
        onClick={() => session.openAuth()}
        className="whitespace-nowrap rounded-full bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:opacity-90 sm:px-4"
      >
        {messages.signIn}
      </button>
    );
  }
  const user = session.user;
  return (
    <div className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={messages.accountMenu}
        onClick={() => setOpen((o) => !o)}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-brand text-sm font-bold text-white"
      >
        {user.name.trim().charAt(0).toUpperCase() || "?"}
      </button>
      {open ? (
        <div
          role="menu"
          className="absolute right-0 mt-2 w-64 rounded-lg border border-neutral-200 bg-white py-2 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
        >
          <div className="border-b border-neutral-200 px-4 pb-2 dark:border-neutral-800">
            <p className="truncate font-semibold">{user.name}</p>
            <p className="truncate text-sm text-neutral-500">{user.email}</p>
          </div>
          <MenuItem
            onSelect={() => {
              setOpen(false);
              setSavedOpen(true);
            }}
          >
            {messages.savedArticles}
          </MenuItem>
          <MenuItem
            onSelect={() => {
              setOpen(false);
              void session.signOut();
            }}
          >
            {messages.signOut}
          </MenuItem>
        </div>
      ) : null}
      <SavedArticles open={savedOpen} onClose={() => setSavedOpen(false)} />
    </div>
  );
}

function MenuItem({ onSelect, children }: { onSelect: () => void; children: React.ReactNode }) {
  return (
    <button type="button" role="menuitem" className="block w-full px-4 py-2 text-left text-sm hover:bg-neutral-100 dark:hover:bg-neutral-800" onClick={onSelect}>
      {children}
    </button>
  );
}
