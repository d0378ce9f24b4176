import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter, isRouteErrorResponse } from "react-router";
import { requestInfoContext } from "./server/http/request-context";
import { ReaderStylesheetProvider } from "./components/site/reader-stylesheet";
import readerStylesheet from "./reader.css?inline";
import { criticalCssOf, withCriticalCss } from "./server/styles/critical-css";
import { OUTAGE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "./server/errors";
import { logDatabaseUnavailable, logError } from "~/server/platform/log";

export const streamTimeout = 5_000;

const criticalCss = criticalCssOf(readerStylesheet);

/**
 * Errors of loaders and actions, before React Router hides their detail from the page: logged as
 * it would (never for a reader who left), and a database outage noted for the page's status, in
 * one line rather than a stack per request while it lasts.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    (context as RouterContextProvider).get(requestInfoContext).databaseUnavailable = true;
    logDatabaseUnavailable(error);
    return;
  }
  // A thrown 404 or other response is an answer, not a failure.
  if (isRouteErrorResponse(error)) return;
  logError("Unexpected error in a page", error);
};

/**
 * Pages are rendered whole before the first byte is sent (onAllReady): the HTML is cached and
 * shared, crawlers get everything, and the status code is final when headers go out. A reader
 * page's own rules are then written into its head (server/styles/critical-css.ts), which needs the
 * page whole anyway.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page that failed because the database is away says so (503, try again), not 500 (issue 16).
  if (loadContext.get(requestInfoContext).databaseUnavailable) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  return new Promise<Response>((resolve, reject) => {
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ReaderStylesheetProvider value={readerStylesheet}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </ReaderStylesheetProvider>,
      {
        nonce: nonce || undefined,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(timeout);
            timeout = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(withCriticalCss(Buffer.concat(chunks).toString("utf8"), criticalCss), { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          responseStatusCode = 500;
          logError("A page failed to render", error);
        },
      },
    );
  });
}
