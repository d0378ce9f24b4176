/**
 * What the server's log may keep of a route's requests (issue 36). Every route module whose
 * requests may be logged one by one declares it as `export const logging`; what is not declared
 * so is only counted. Either way a line names the route's pattern (`/api/tips/attachments/:id/parts/:part`),
 * never the path that was asked for, its query, the client's address or its agent. The decision
 * is taken on the route the router matched (app/server/cache/route-sharing.ts), like `sharing`.
 *
 * - `timed`: a line per request with its exact time and the request's id, so that an operator can
 *   follow an incident. The reader site, the back office and the API declare it.
 * - `hourly` (and a route that declares nothing, anything misspelt, a path no route takes, a
 *   static file): no line per request. Once an hour a line per route, method and status says how
 *   many and how long they took, timed to the hour, and whatever such a request logs meanwhile (a
 *   failure) waits for it and carries the hour too. A line written as the request is answered
 *   would say when it came to the millisecond by its place between the timed lines around it.
 *   The tip line's routes declare nothing.
 */
export type RequestLogging = "timed" | "hourly";
