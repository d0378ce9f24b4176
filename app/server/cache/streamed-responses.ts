/**
 * Answers the application writes as it goes (a sitemap of 10,000 stories) rather than builds
 * whole. The public cache stores what it serves, so it would read such an answer to the end before
 * sending a byte; answers marked here are sent as they are written, and not kept.
 */
const streamed = new WeakSet<Response>();

export function streamedResponse(response: Response): Response {
  streamed.add(response);
  return response;
}

export const isStreamed = (response: Response): boolean => streamed.has(response);
