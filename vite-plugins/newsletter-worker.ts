/**
 * The newsletter's sending thread (app/server/newsletter/send-worker.ts) in the server's build, as
 * `build/server/newsletter-worker.js` (server-worker.ts); send-thread.ts finds the file through
 * app/server/newsletter/send-worker-location.ts.
 */
import { serverWorker } from "./server-worker";

export const newsletterWorker = () =>
  serverWorker({
    name: "newsletter-worker",
    worker: "app/server/newsletter/send-worker.ts",
    location: "app/server/newsletter/send-worker-location.ts",
    fileName: "newsletter-worker.js",
  });
