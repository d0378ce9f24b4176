import { useEffect, useState } from "react";

/**
 * The current time, known only after hydration (null before): text that depends on "now" renders
 * the same on the server and in the hydrating browser, then updates every `intervalMs`.
 */
export function useNow(enabled: boolean, intervalMs: number): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    if (!enabled) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [enabled, intervalMs]);
  return enabled ? now : null;
}
