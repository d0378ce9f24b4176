import type { Page } from "@playwright/test";

/**
 * Holds back the islands entry of every reader page `page` opens, as a slow phone's network would,
 * until `release()`. Without it no island hydrates: the page is its HTML and the inline scripts.
 * A test that holds them opens pages with `waitUntil: "domcontentloaded"`: the load event waits
 * for a script the page asked for before it (the start script asks once the page has painted,
 * which may come first), so with the script held it may never come.
 */
export async function holdIslandScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/islands\.client-[\w-]+\.js$/, async (route) => {
    await held;
    // A page left meanwhile (a link followed) took its request with it: nothing to let through.
    await route.continue().catch(() => undefined);
  });
  return release;
}
