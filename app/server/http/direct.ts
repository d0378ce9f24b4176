/**
 * A route's own handler of node requests (listed in direct-routes.ts), for answers whose
 * cost per request must stay near the socket's: a live story's stream is held open by thousands
 * of readers for hours, and through Express and React Router each held a Fetch Request, a web
 * stream and their promises, about 32 KB of heap (docs/decisions.md, "Streams answered before the framework").
 *
 * server/app.ts calls it only for a GET whose path the router has already matched to the route
 * (the first request of a path goes the usual way), so the route's own module, loader included,
 * stays the one description of what the address means. Whatever it cannot answer itself (a
 * refusal, an error) it hands to `otherwise`, the usual way, which answers it as the loader does.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Params } from "react-router";

export interface DirectRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The path's parameters, as the router read them. */
  params: Params;
  /** Hands the request to Express and React Router; called at most once, before anything is written. */
  otherwise: () => void;
}

export type DirectHandler = (request: DirectRequest) => void;
