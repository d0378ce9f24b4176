// `npm start`: build when the build is missing or older than the sources, then serve in production.
import { buildIfStale } from "./build-if-stale.js";

buildIfStale();
process.env.NODE_ENV = "production";
await import("../server.js");
