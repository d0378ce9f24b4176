import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3107);

/** Browser tests drive Debian's Chromium: Playwright cannot download its own browsers here. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Ceilings for waiting, not speed checks: CI machines are shared, and a loaded one took twice as
  // long over the suite. A broken page still fails, only later.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `rm -rf ./data-e2e-${port} && node server.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: `./data-e2e-${port}`,
      DATABASE_URL: "",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: "admin@e2e.example",
      ADMIN_PASSWORD: "e2e-admin-password",
      DEMO_CONTENT: "true",
      // Every test registers its own readers from 127.0.0.1.
      REGISTRATIONS_PER_ADDRESS: "1000",
      NEWSLETTER_SIGNUPS_PER_ADDRESS: "1000",
      PASSWORD_RESETS_PER_ADDRESS: "1000",
      TIP_ACTIONS_PER_HOUR: "1000",
      // The browser still solves a new tip's proof of work in its worker, in a few hundred hashes.
      TIP_PUZZLE_BITS: "8",
      // A scheduled story goes live within a second of its time.
      SCHEDULE_CHECK_SECONDS: "1",
      // A live story's open page asks for news every second (production: every 20).
      LIVE_POLL_SECONDS: "1",
      // The journeys sign the admin in with its password; second-factor.e2e.spec.ts starts its own
      // server with the default (editors and admins must set up a second factor).
      REQUIRE_SECOND_FACTOR: "none",
    },
  },
});
