/**
 * Playwright's `test`, with one change: `page.goto` returns once a reader page's islands have
 * hydrated, as `settled` waits. Reader pages ask for their scripts only after the first paint
 * (app/islands/start-script.ts), which may come after the load event `goto` waits for, and a button
 * clicked before its island hydrates does nothing. A test that wants the page before its scripts
 * (held scripts, a font held back) passes `waitUntil` itself.
 */
import { test as base } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil === undefined) {
        await page.waitForFunction(() => !document.getElementById("island-scripts") || document.documentElement.dataset.islands === "ready");
      }
      return response;
    };
    await use(page);
  },
});
