import type { Page } from "@playwright/test";

/**
 * The page as a person meets it: hydrated, with nothing left loading (the article editor's chunk
 * included). A reader page is ready once its islands have hydrated; a back-office page once React
 * Router has.
 */
export async function settled(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    if (document.documentElement.dataset.islands === "ready") return true;
    const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean; navigation: { state: string } } } }).__reactRouterDataRouter;
    return router?.state.initialized === true && router.state.navigation.state === "idle";
  });
  if (path.startsWith("/admin/articles/")) await page.locator("[contenteditable=true]").waitFor();
}
