import { formatMessage } from "~/lib/format-message";
import { useMessages } from "~/contexts/i18n";

/** One file on its way to the server: a large video can take minutes on a slow line. */
export function UploadProgress({ name, fraction }: { name: string; fraction: number }) {
  const messages = useMessages();
  const label = formatMessage(messages.uploadingFile, { name });
  const percent = Math.round(fraction * 100);
  return (
    <div className="mt-2">
      <p className="flex justify-between gap-2 text-sm">
        <span className="min-w-0 truncate">{label}</span>
        <span className="tabular-nums">{percent}%</span>
      </p>
      <progress
        aria-label={label}
        max={100}
        value={percent}
        className="mt-1 block h-2 w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800 [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-neutral-200 dark:[&::-webkit-progress-bar]:bg-neutral-800 [&::-webkit-progress-value]:bg-brand"
      />
    </div>
  );
}
