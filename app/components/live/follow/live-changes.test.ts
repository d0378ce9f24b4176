import { describe, expect, it } from "vitest";
import type { LiveUpdate } from "~/lib/api-types";
import { type KnownUpdates, placeChange } from "./live-changes";

const update = (id: number, change_id = id): LiveUpdate => ({
  id,
  change_id,
  headline: "",
  body: "<p>Counting resumes.</p>",
  pinned: false,
  published_at: "2026-11-28T10:00:00.000Z",
  edited_at: null,
  author: { name: "Desk" },
});
const deleted = (id: number, change_id: number) => ({ id, change_id, deleted: true as const });

/** A page that loaded updates 3 to 10 and has since been sent 12. */
const known: KnownUpdates = { pending: new Set([12]), shown: (id) => id >= 3 && id <= 10, newest: 12 };

describe("placeChange", () => {
  it("holds a new update behind the button", () => {
    expect(placeChange(update(13), known)).toBe("hold");
  });

  it("replaces an edited update where it is, held or shown", () => {
    expect(placeChange(update(12, 14), known)).toBe("replace-held");
    expect(placeChange(update(5, 15), known)).toBe("replace-shown");
  });

  it("removes a deleted update wherever it is, and ignores one it never had", () => {
    expect(placeChange(deleted(12, 16), known)).toBe("remove");
    expect(placeChange(deleted(4, 17), known)).toBe("remove");
    expect(placeChange(deleted(2, 18), known)).toBe("ignore");
  });

  it("ignores an edit of an update older than the page shows", () => {
    expect(placeChange(update(2, 19), known)).toBe("ignore");
  });
});
