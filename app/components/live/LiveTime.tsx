import { useLanguage } from "~/contexts/i18n";

/**
 * When an update was posted (issue 39): the exact time as loaded, which is what a page without
 * JavaScript keeps; the page's island (LiveFollow) words it as '4 minutes ago' once the browser
 * knows the time (showElapsed), the exact time then in the tooltip and shown beside it on focus.
 */
export function LiveTime({ iso, relative = true }: { iso: string; /** False for a moment read as a date (coverage began, ended). */ relative?: boolean }) {
  const exact = useLanguage().formatDateTime(iso);
  if (!relative) return <time dateTime={iso}>{exact}</time>;
  return (
    <time dateTime={iso} title={exact} data-live-time="" tabIndex={0} className="group rounded focus-visible:outline-2 focus-visible:outline-brand">
      <span data-elapsed="">{exact}</span>
      <span className="hidden group-focus:group-data-[relative]:inline"> · {exact}</span>
    </time>
  );
}
