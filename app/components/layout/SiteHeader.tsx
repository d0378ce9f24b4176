import type { NavCategory } from "~/lib/article-cards";
import { island } from "~/islands/Island";
import { Clock } from "./Clock";
import { HeaderScroll, HeaderSearch, SearchButton, UserMenu } from "./header-islands";
import { LanguageSwitch } from "./LanguageSwitch";
import { ThemeToggle } from "./ThemeToggle";
import { useLocalizePath, useMessages } from "~/contexts/i18n";
import { Anchor } from "~/components/i18n/anchor";
import { NavLink } from "~/components/i18n/links";
import { ContentName } from "~/components/i18n/ContentName";

const ClockIsland = island("clock", Clock);
const ThemeToggleIsland = island("theme-toggle", ThemeToggle);
const HeaderScrollIsland = island("header-scroll", HeaderScroll);
const HeaderSearchIsland = island("header-search", HeaderSearch);
const SearchButtonIsland = island("search-button", SearchButton);
const UserMenuIsland = island("user-menu", UserMenu);

const navLink = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap px-2 py-1 text-sm font-medium hover:text-brand ${isActive ? "text-brand" : ""}`;

export function SiteHeader({ categories }: { categories: NavCategory[] }) {
  const messages = useMessages();
  const localize = useLocalizePath();
  return (
    <header
      data-scrolled="false"
      className="group/header sticky top-0 z-40 border-b border-transparent bg-white/95 backdrop-blur transition-shadow data-[scrolled=true]:border-neutral-200 data-[scrolled=true]:shadow-md dark:bg-neutral-950/95 dark:data-[scrolled=true]:border-neutral-800"
    >
      <HeaderScrollIsland />
      <div className="hidden border-b border-neutral-100 text-xs text-neutral-600 sm:block sm:group-data-[scrolled=true]/header:hidden dark:border-neutral-900 dark:text-neutral-400">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-1.5">
          <ClockIsland />
          <Anchor to="/support" className="font-semibold text-brand hover:underline">
            {messages.supportUs}
          </Anchor>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 group-data-[scrolled=true]/header:py-2 sm:gap-3">
        <PhoneMenu categories={categories} />
        <Anchor to="/" className="shrink-0 text-xl font-black tracking-tight text-brand sm:text-2xl" aria-label={messages.homeLabel}>
          {messages.siteName}
        </Anchor>
        <HeaderSearchIsland action={localize("/search")} />
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1 md:ml-0">
          <SearchButtonIsland />
          <LanguageSwitch />
          <ThemeToggleIsland />
          <UserMenuIsland />
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
    </header>
  );
}

/**
 * The phone's menu, below the large breakpoint: a disclosure that opens without any script (a
 * slow phone may still be loading it), its list dropped below the header across its width.
 */
function PhoneMenu({ categories }: { categories: NavCategory[] }) {
  const messages = useMessages();
  return (
    <details className="group/menu lg:hidden">
      <summary
        aria-label={messages.menu}
        className="list-none rounded p-2 hover:bg-neutral-100 dark:hover:bg-neutral-800 [&::-webkit-details-marker]:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path className="group-open/menu:hidden" d="M4 7h16M4 12h16M4 17h16" />
          <path className="hidden group-open/menu:inline" d="M6 6l12 12M18 6L6 18" />
        </svg>
      </summary>
      <nav
        id="mobile-menu"
        aria-label={messages.menu}
        className="absolute inset-x-0 top-full border-y border-neutral-200 bg-white shadow-md dark:border-neutral-800 dark:bg-neutral-950"
      >
        <ul className="mx-auto max-w-6xl px-4 py-2">
          <li>
            <NavLink to="/" end className={({ isActive }) => `block py-2 font-medium ${isActive ? "text-brand" : ""}`}>
              {messages.home}
            </NavLink>
          </li>
          {categories.map((category) => (
            <li key={category.id}>
              <NavLink to={`/category/${category.slug}`} className={({ isActive }) => `block py-2 font-medium ${isActive ? "text-brand" : ""}`}>
                <ContentName text={category.name} />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
