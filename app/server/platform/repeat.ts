import { logError } from "./log";

/**
 * Runs `task` now, then again `everyMs` after each run ends (never two at once), logging a failure
 * with `failure` and carrying on. Returns the stop, which waits for a run in progress.
 */
export function repeatEvery(task: () => Promise<unknown>, everyMs: number, failure: string): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = task()
      .then(() => undefined)
      .catch((error: unknown) => logError(failure, error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs).unref();
      });
  };
  tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
