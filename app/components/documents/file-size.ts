import type { MessageKey } from "~/lib/messages";

/** A file's size as readers read it: kilobytes under a megabyte, else megabytes with one decimal. */
export function fileSize(bytes: number): { key: MessageKey; size: string } {
  if (bytes < 1024 * 1024) return { key: "documentSizeKb", size: String(Math.max(1, Math.round(bytes / 1024))) };
  return { key: "documentSizeMb", size: (bytes / 1024 / 1024).toFixed(1) };
}
