import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompressedAssets } from "./vite-plugins/precompressed-assets";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    precompressedAssets(),
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // nepali-date-converter is CJS without "exports"; bundling it avoids a broken default import.
  ssr: { noExternal: ["nepali-date-converter"] },
  environments: {
    // Chunks under 10 KB are merged into the ones loaded with them: a reader page loaded 30 files,
    // a round trip each over HTTP/1.1's six connections, for 15 that carry the same code.
    // Each language's catalog stays a chunk of its own, loaded for its pages alone (lib/i18n.ts).
    client: {
      build: {
        rollupOptions: {
          output: {
            experimentalMinChunkSize: 10_000,
            manualChunks: (id) => (id.endsWith("/app/lib/messages.ts") ? "messages" : id.endsWith("/app/lib/messages.ne.ts") ? "messages.ne" : undefined),
          },
        },
      },
    },
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
