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
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
