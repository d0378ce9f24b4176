import { Link } from "react-router";

/** The page frame every reader page shares. The full header and footer come with the reader site. */
export function SiteShell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <header className="sticky top-0 z-10 border-b border-neutral-200 bg-white/95 dark:border-neutral-800 dark:bg-neutral-950/95">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
          <Link to="/" className="text-xl font-black tracking-tight text-brand">
            Khulasa
          </Link>
          <nav aria-label="Main">
            <Link to="/" className="text-sm font-medium" lang="ne">
              गृहपृष्ठ
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">{children}</main>
    </>
  );
}
