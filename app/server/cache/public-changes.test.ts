import { describe, expect, it } from "vitest";
import { publicContentChanged, publicContentUnchanged, trackPublicChanges } from "./public-changes";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("what a request's writes said of the public site", () => {
  it("is nothing when no service spoke: the cache is then cleared as before", async () => {
    expect((await trackPublicChanges(async () => 1)).word).toBeUndefined();
  });

  it("is 'unchanged' only when no write of the request changed public content", async () => {
    const quiet = await trackPublicChanges(async () => {
      publicContentUnchanged();
      await tick();
      publicContentUnchanged();
    });
    expect(quiet.word).toBe("unchanged");
    const mixed = await trackPublicChanges(async () => {
      publicContentUnchanged();
      publicContentChanged();
      publicContentUnchanged();
    });
    expect(mixed.word).toBe("changed");
  });

  it("keeps concurrent requests apart", async () => {
    const [draft, publish] = await Promise.all([
      trackPublicChanges(async () => {
        await tick();
        publicContentUnchanged();
      }),
      trackPublicChanges(async () => {
        publicContentChanged();
        await tick();
      }),
    ]);
    expect(draft.word).toBe("unchanged");
    expect(publish.word).toBe("changed");
  });
});
