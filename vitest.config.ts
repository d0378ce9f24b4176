import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "tests/api/**/*.test.ts"],
    globalSetup: ["tests/api/global-setup.ts"],
    setupFiles: ["tests/support/load-catalogs.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
