import { useEffect, useState } from "react";
import { Form, useLocation } from "react-router";
import { SavedArticles } from "~/components/bookmarks/SavedArticles";
import { SearchOverlay } from "~/components/search/SearchOverlay";
import { useSession } from "~/components/session/session";
import type { NavCategory } from "~/lib/article-cards";
import { Clock } from "./Clock";
import { LanguageSwitch } from "./LanguageSwitch";
import { MenuButton } from "./MenuButton";
import { ThemeToggle } from "./ThemeToggle";
import { useScrolledPast } from "./use-scrolled-past";
import { useLocalizePath, useMessages } from "~/components/i18n/i18n";
import { Link, NavLink } from "~/components/i18n/links";
import { ContentName } from "~/components/i18n/ContentName";

/** SPEC 9: the header changes style after 50 px of scroll. */
const HEADER_SCROLL_PX = 50;

const navLink = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap px-2 py-1 text-sm font-medium hover:text-brand ${isActive ? "text-brand" : ""}`;

export function SiteHeader({ categories }: { categories: NavCategory[] }) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const scrolled = useScrolledPast(HEADER_SCROLL_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const [search, setSearch] = useState<{ open: boolean; query: string }>({ open: false, query: "" });
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b bg-white/95 backdrop-blur transition-shadow dark:bg-neutral-950/95 ${
        scrolled ? "border-neutral-200 shadow-md dark:border-neutral-800" : "border-transparent"
      }`}
    >
      <div className={`hidden border-b border-neutral-100 text-xs text-neutral-600 sm:block dark:border-neutral-900 dark:text-neutral-400 ${scrolled ? "sm:hidden" : ""}`}>
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-1.5">
          <Clock />
          <Link to="/support" className="font-semibold text-brand hover:underline">
            {messages.supportUs}
          </Link>
        </div>
      </div>
      <div className={`mx-auto flex max-w-6xl items-center gap-2 px-4 sm:gap-3 ${scrolled ? "py-2" : "py-3"}`}>
        <MenuButton
          open={menuOpen}
          controls="mobile-menu"
          onToggle={() => setMenuOpen((open) => !open)}
          className="hover:bg-neutral-100 dark:hover:bg-neutral-800"
        />
        <Link to="/" className="shrink-0 text-xl font-black tracking-tight text-brand sm:text-2xl" aria-label={messages.homeLabel}>
          {messages.siteName}
        </Link>
        <Form
          method="get"
          action={localize("/search")}
          role="search"
          aria-label={messages.searchArticles}
          className="ml-auto hidden max-w-xs flex-1 md:block"
          onSubmit={(event) => {
            event.preventDefault();
            const query = String(new FormData(event.currentTarget).get("q") ?? "");
            setSearch({ open: true, query });
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
        </Form>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1 md:ml-0">
          <button
            type="button"
            className="rounded-full p-2 hover:bg-neutral-100 md:hidden dark:hover:bg-neutral-800"
            aria-label={messages.searchArticles}
            onClick={() => setSearch({ open: true, query: "" })}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="11" cy="11" r="7" />
              <path d="M20 20l-3.5-3.5" />
            </svg>
          </button>
          <LanguageSwitch />
          <ThemeToggle />
          <UserMenu />
        </div>
      </div>
      <nav aria-label={messages.mainNavigation} className="hidden border-t border-neutral-100 lg:block dark:border-neutral-900">
        <div className="mx-auto flex max-w-6xl items-center gap-1 overflow-x-auto px-2 py-1">
          <NavLink to="/" end className={navLink} lang="ne">
            {messages.homeNepali}
          </NavLink>
          {categories.map((category) => (
            <NavLink key={category.id} to={`/category/${category.slug}`} className={navLink}>
              <ContentName text={category.name} />
            </NavLink>
          ))}
        </div>
      </nav>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label={messages.mainNavigation} className="border-t border-neutral-200 lg:hidden dark:border-neutral-800">
          <ul className="mx-auto max-w-6xl px-4 py-2">
            <li>
              <NavLink to="/" end className={({ isActive }) => `block py-2 font-medium ${isActive ? "text-brand" : ""}`}>
                {messages.home}
              </NavLink>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <NavLink
                  to={`/category/${category.slug}`}
                  className={({ isActive }) => `block py-2 font-medium ${isActive ? "text-brand" : ""}`}
                >
                  <ContentName text={category.name} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <SearchOverlay
        open={search.open}
        initialQuery={search.query}
        onClose={() => setSearch({ open: false, query: "" })}
      />
    </header>
  );
}

/** SPEC 2 user menu: name, e-mail, 'Saved Articles', 'Sign Out'. Guests get a sign-in button. */
function UserMenu() {
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
          <button
            type="button"
            role="menuitem"
            className="block w-full px-4 py-2 text-left text-sm hover:bg-neutral-100 dark:hover:bg-neutral-800"
            onClick={() => {
              setOpen(false);
              setSavedOpen(true);
            }}
          >
            {messages.savedArticles}
          </button>
          <button
            type="button"
            role="menuitem"
            className="block w-full px-4 py-2 text-left text-sm hover:bg-neutral-100 dark:hover:bg-neutral-800"
            onClick={() => {
              setOpen(false);
              void session.signOut();
            }}
          >
            {messages.signOut}
          </button>
        </div>
      ) : null}
      <SavedArticles open={savedOpen} onClose={() => setSavedOpen(false)} />
    </div>
  );
}
