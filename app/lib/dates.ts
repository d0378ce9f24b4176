/** Dates are always shown in Nepal time, whatever the server's or the reader's time zone. */
export const NEPAL_TIME_ZONE = "Asia/Kathmandu";

const cardDate = new Intl.DateTimeFormat("en-US", {
  timeZone: NEPAL_TIME_ZONE,
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** SPEC 9: card dates 'MMM d, yyyy'. */
export function formatCardDate(iso: string): string {
  return cardDate.format(new Date(iso));
}
