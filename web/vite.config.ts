// The console's build (docs/console.md): React with Vite, written into the Python package so that
// `intrigue serve` serves it at `/` from files inside the wheel, with no internet.
import react from "@vitejs/plugin-react";
import { loadEnv } from "vite";
import { defineConfig } from "vitest/config";

// `npm run dev` proxies the API to the service `make run` started: on INTRIGUE_PORT when set (`make web-dev
// PORT=9000` sets it, as `make run PORT=9000` does for the service), else 8000.
const api = `http://127.0.0.1:${loadEnv("development", ".", "INTRIGUE_").INTRIGUE_PORT || "8000"}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "../service/entrypoints/console/static",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    // The checked-in SDL, read by the faction form's schema-walk test (issue 28); the API publishes it anyway.
    fs: { allow: [".", "../schema.graphql"] },
    proxy: {
      "/graphql": { target: api, ws: true },
      "/api": api,
      "/session": api,
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
