// The console's build (docs/console.md): React with Vite, written into the Python package so that
// `intrigue serve` serves it at `/` from files inside the wheel, with no internet.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "../service/entrypoints/console/static",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      "/graphql": { target: "http://127.0.0.1:8000", ws: true },
      "/api": "http://127.0.0.1:8000",
      "/session": "http://127.0.0.1:8000",
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/testing/setup.ts"],
    css: false,
    testTimeout: 60_000, // a limit on a test that never ends, not a wait: Vitest's 5 s default is short on a busy machine
  },
});
