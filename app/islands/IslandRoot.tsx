import { createContext, useContext, useEffect } from "react";
import { LocaleProvider } from "~/contexts/i18n";
import { SiteUrlsProvider } from "~/contexts/site-urls";
import type { IslandPage } from "./page";

const InIsland = createContext(false);

/** True inside an island, where a part that is an island elsewhere is simply part of the tree. */
export function useInIsland(): boolean {
  return useContext(InIsland);
}

/**
 * What an island's tree reads from its surroundings, given explicitly: an island is its own React
 * root, on the server (rendered apart, Island.tsx) and in the browser (islands.client.tsx), so it
 * sees none of the page's providers. The session and notifications are shared between islands
 * through their own stores (components/session, components/notifications), not through React.
 */
export function IslandRoot({ page, onHydrated, children }: { page: IslandPage; onHydrated?: () => void; children: React.ReactNode }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <InIsland.Provider value={true}>
      <LocaleProvider locale={page.locale} defaultLocale={page.defaultLocale}>
        <SiteUrlsProvider value={page.urls}>{children}</SiteUrlsProvider>
      </LocaleProvider>
    </InIsland.Provider>
  );
}
