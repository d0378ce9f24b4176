import { describe, expect, it } from "vitest";
import { revalidateLatest } from "./revalidate-latest";

const rejecting = (error: unknown) => ({ revalidate: () => Promise.reject(error) });

describe("revalidating the back office's data", () => {
  it("lets a revalidation that a newer one aborted end quietly, as React Router rejects it", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(revalidateLatest(rejecting(controller.signal.reason))).resolves.toBeUndefined();
  });

  it("still fails on anything else", async () => {
    await expect(revalidateLatest(rejecting(new TypeError("Failed to fetch")))).rejects.toThrow("Failed to fetch");
  });
});
