/** Live coverage as the API and the pages show it (issue 39): the rows' values in the wire's shapes. */
import type { DeletedLiveUpdate, LiveCoverage, LiveStatus, LiveUpdate } from "~/lib/api-types";

interface LiveTimes {
  liveStartedAt: Date | null;
  liveEndedAt: Date | null;
}

/** Whether a story is live: null for one that never was. */
export function liveStatus(row: LiveTimes): LiveStatus | null {
  if (!row.liveStartedAt) return null;
  return { started_at: row.liveStartedAt.toISOString(), ended_at: row.liveEndedAt?.toISOString() ?? null };
}

/** The coverage with its key points, for the story's own page and its stream. */
export function liveCoverage(row: LiveTimes & { liveKeyPoints: string }): LiveCoverage | null {
  const status = liveStatus(row);
  return status && { ...status, key_points: row.liveKeyPoints };
}

/** An update's row as its stream reads it, with its author's name. */
export interface LiveUpdateRow {
  id: number;
  changeId: number;
  headline: string;
  body: string;
  pinned: boolean;
  publishedAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  authorName: string | null;
}

export function liveUpdateJson(row: LiveUpdateRow & { deletedAt: null }): LiveUpdate;
export function liveUpdateJson(row: LiveUpdateRow): LiveUpdate | DeletedLiveUpdate;
export function liveUpdateJson(row: LiveUpdateRow): LiveUpdate | DeletedLiveUpdate {
  if (row.deletedAt) return { id: row.id, change_id: row.changeId, deleted: true };
  return {
    id: row.id,
    change_id: row.changeId,
    headline: row.headline,
    body: row.body,
    pinned: row.pinned,
    published_at: row.publishedAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    author: row.authorName === null ? null : { name: row.authorName },
  };
}
