import { useEffect, useState } from "react";
import { useMessages } from "~/contexts/i18n";

type Theme = "light" | "dark";
const STORAGE_KEY = "theme";

/** docs/product.md#the-frame-of-every-page: flips the theme, marks <html> with `dark`, and stores the choice under 'theme'. */
export function ThemeToggle() {
  const messages = useMessages();
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => setTheme(document.documentElement.classList.contains("dark") ? "dark" : "light"), []);

  function toggle() {
    // The page's class, not this state: a tap kept before the island was alive is replayed before the state has caught up with it.
    const next: Theme = document.documentElement.classList.contains("dark") ? "light" : "dark";
    document.documentElement.classList.toggle("dark", next === "dark");
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
    setTheme(next);
  }

  const dark = theme === "dark";
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={dark ? messages.themeToLight : messages.themeToDark}
      aria-pressed={dark}
      className="rounded-full p-2 hover:bg-neutral-100 dark:hover:bg-neutral-800"
    >
      {dark ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </svg>
      )}
    </button>
  );
}
