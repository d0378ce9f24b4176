/**
 * Playwright's `test`, which every browser test imports from here (suite-rules.e2e.spec.ts
 * checks), with two changes that hold for every page a test opens: its own `page`, and any page of
 * any context it makes itself (`browser.newContext()`, `browser.newPage()`), popups included.
 *
 * - **A page that throws fails the test.** Every uncaught error, and every error logged to the
 *   console, is collected, and the test fails at its end if there was one. A test that provokes a
 *   logged error on purpose (a request it makes fail, a wrong password the server answers 401)
 *   says which with `allowConsoleErrors`. Uncaught errors are never allowed.
 * - **`page.goto` and `page.reload` return once the page is alive**, as a person meets it: a
 *   reader page once its islands have hydrated, a back-office page once React Router has. Reader
 *   pages ask for their scripts only after the first paint (app/lib/start-script.ts), which
 *   may come after the load event `goto` waits for. A test that wants the page before its scripts
 *   (held scripts, a font held back) passes `waitUntil` itself; a context without JavaScript is
 *   never waited for.
 */
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, test as base } from "@playwright/test";

export * from "@playwright/test";

/** Reader pages carry this block (app/islands/page.ts); pages React Router hydrates carry its context. */
const alive = () => {
  if (document.getElementById("island-scripts")) return document.documentElement.dataset.islands === "ready";
  if (!("__reactRouterContext" in window)) return true;
  const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean; navigation: { state: string } } } }).__reactRouterDataRouter;
  return router?.state.initialized === true && router.state.navigation.state === "idle";
};

interface PageWatch {
  /** Watches `context`'s pages, those open and those to come. */
  context(context: BrowserContext, scripts: boolean): void;
  allow(...patterns: RegExp[]): void;
  /** What went wrong, each with the page's address, less the console errors allowed. */
  problems(): string[];
}

function watchPages(): PageWatch {
  const seen = new WeakSet<Page>();
  const watchedContexts = new WeakSet<BrowserContext>();
  const uncaught: string[] = [];
  const logged: string[] = [];
  const allowed: RegExp[] = [];

  const page = (target: Page, scripts: boolean) => {
    if (seen.has(target)) return;
    seen.add(target);
    target.on("pageerror", (error) => uncaught.push(`uncaught on ${target.url()}: ${error.stack ?? error.message}`));
    target.on("console", (message) => {
      if (message.type() !== "error") return;
      const from = message.location().url;
      logged.push(`console error on ${target.url()}: ${message.text()}${from ? ` (${from})` : ""}`);
    });
    if (!scripts) return;
    const goto = target.goto.bind(target);
    target.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil === undefined) await target.waitForFunction(alive);
      return response;
    };
    const reload = target.reload.bind(target);
    target.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil === undefined) await target.waitForFunction(alive);
      return response;
    };
  };

  return {
    context(context, scripts) {
      if (watchedContexts.has(context)) return;
      watchedContexts.add(context);
      for (const open of context.pages()) page(open, scripts);
      // Emitted before `newPage` resolves, so a page is watched before the test can use it.
      context.on("page", (opened) => page(opened, scripts));
    },
    allow: (...patterns) => allowed.push(...patterns),
    problems: () => [...uncaught, ...logged.filter((line) => !allowed.some((pattern) => pattern.test(line)))],
  };
}

/** Contexts the test makes itself are watched as they are made. */
function watchNewContexts(browser: Browser, watch: PageWatch, scriptsByDefault: boolean): () => void {
  const newContext = browser.newContext;
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext.call(browser, options);
    watch.context(context, options?.javaScriptEnabled ?? scriptsByDefault);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

export const test = base.extend<{ pageWatch: PageWatch; allowConsoleErrors: (...patterns: RegExp[]) => void }>({
  pageWatch: [
    async ({ browser, javaScriptEnabled }, use) => {
      const watch = watchPages();
      const restore = watchNewContexts(browser, watch, javaScriptEnabled !== false);
      await use(watch);
      restore();
      const problems = watch.problems();
      if (problems.length > 0) throw new Error(`The pages of this test logged errors:\n${problems.join("\n")}`);
    },
    { auto: true },
  ],
  context: async ({ context, pageWatch, javaScriptEnabled }, use) => {
    pageWatch.context(context, javaScriptEnabled !== false);
    await use(context);
  },
  allowConsoleErrors: async ({ pageWatch }, use) => {
    await use(pageWatch.allow);
  },
});
