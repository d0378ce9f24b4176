import { useEffect, useState } from "react";
import { clockParts } from "~/lib/dates";

/** SPEC 2: a live clock in Nepal time, ticking every second. Empty in the cached server HTML. */
export function Clock() {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!now) return <span className="inline-block min-w-[14rem]" aria-hidden="true" />;
  const { weekday, date, time } = clockParts(now);
  return (
    <time dateTime={now.toISOString()} className="inline-block min-w-[14rem] tabular-nums" data-testid="clock">
      <span lang="ne">{weekday}</span>, {date} <span>{time}</span>
    </time>
  );
}
