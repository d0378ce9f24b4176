/** The routes answered directly (direct.ts), by their id in the build: each is a route module of app/routes.ts too. */
import type { DirectHandler } from "./direct";
import { directLiveStream } from "./live-stream";

export const DIRECT_ROUTES: ReadonlyMap<string, DirectHandler> = new Map([["routes/api/news.$slug.updates.stream", directLiveStream]]);
