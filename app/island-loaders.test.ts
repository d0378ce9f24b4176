/**
 * The server places each island by name (`island()`), and the browser hydrates that name with the
 * component island-loaders.ts fetches: a name given to two different components would hydrate one
 * island's HTML with another's code.
 */
import { describe, expect, it } from "vitest";
import { placedIslands } from "./islands/Island";
import type { IslandName } from "./islands/names";
import { islandLoaders } from "./island-loaders";

describe("islands", () => {
  it("are loaded in the browser as the very components the server placed, every one of them", async () => {
    // Every module that places islands.
    await Promise.all([
      import("~/routes/reader-layout"),
      import("~/routes/home"),
      import("~/routes/article"),
      import("~/routes/category"),
      import("~/routes/login"),
      import("~/routes/tips"),
      import("~/routes/document"),
    ]);
    const names = Object.keys(islandLoaders) as IslandName[];
    expect([...placedIslands.keys()].sort()).toEqual([...names].sort());
    for (const name of names) expect(await islandLoaders[name](), name).toBe(placedIslands.get(name));
  });
});
