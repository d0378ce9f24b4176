/** HTTP plumbing shared by the /api resource routes: JSON in and out, errors, body limits. */
import { ZodError, type z } from "zod";
import { errorCode } from "~/lib/error-codes";
import type { MessageKey } from "~/lib/messages";
import { firstMessage } from "~/lib/schemas";
import { type Locale, isLocale, localeFromAcceptLanguage, translate } from "~/lib/i18n";
import { AppError, OUTAGE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isUniqueViolation, isUnstorableText } from "../errors";
import { logDatabaseUnavailable, logError } from "~/server/platform/log";
import { readFormData } from "./form-body";

const PRIVATE = { "Cache-Control": "private, no-store" };

export function json(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  return Response.json(data, { status, headers: { ...PRIVATE, ...headers } });
}

/**
 * The language of an API answer (its errors, and the `name` of sections, tags and writers): the one
 * the client names in `?lang=`, else in Accept-Language (the site's own pages send their interface
 * language), else English, the spec's.
 */
export function requestLocale(request: Request): Locale {
  const asked = new URL(request.url).searchParams.get("lang");
  return isLocale(asked) ? asked : localeFromAcceptLanguage(request.headers.get("accept-language"), "en");
}

/** The API's `{error}` (docs/product.md#the-api-in-summary) in the client's language, and the stable `code` clients decide on. */
export function errorJson(
  status: number,
  locale: Locale,
  key: MessageKey,
  values?: Record<string, string | number>,
  headers: HeadersInit = {},
): Response {
  return json({ error: translate(locale, key, values), code: errorCode(key) }, status, headers);
}

function errorResponse(error: unknown, locale: Locale): Response {
  if (error instanceof Response) return error;
  if (error instanceof AppError) {
    const retry: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
    return errorJson(error.status, locale, error.key, error.values, retry);
  }
  if (error instanceof ZodError) return errorJson(400, locale, firstMessage(error));
  // Two writers raced past a service's own uniqueness check; the database constraint held.
  if (isUniqueViolation(error)) return errorJson(409, locale, "conflict");
  if (isUnstorableText(error)) return errorJson(400, locale, "invalidInput");
  if (isDatabaseUnavailable(error)) {
    logDatabaseUnavailable(error);
    return errorJson(503, locale, "serviceUnavailable", undefined, { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS) });
  }
  // Unexpected: log the detail for operators, show the client a plain message and no stack.
  logError("Unexpected error in an API call", error);
  return errorJson(500, locale, "serverError");
}

/** Wraps a handler so that every failure becomes a JSON error with an honest status. */
function api<Args extends { request: Request }>(
  handler: (args: Args) => Promise<Response>,
): (args: Args) => Promise<Response> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      return errorResponse(error, requestLocale(args.request));
    }
  };
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * An API resource: a handler per method it supports; the route exports the result as both its
 * loader and its action (React Router calls the loader for GET and HEAD, the action otherwise).
 * Any other method gets a JSON 405 naming the allowed ones in `Allow` (React Router would answer a
 * missing loader or action with a bare error); HEAD is GET without the body; every failure becomes
 * a JSON error (api()).
 */
export function resource<Args extends { request: Request }>(
  handlers: Partial<Record<Method, (args: Args) => Promise<Response>>>,
): (args: Args) => Promise<Response> {
  const allowed = Object.keys(handlers);
  return api<Args>(async (args) => {
    const method = args.request.method === "HEAD" ? "GET" : (args.request.method as Method);
    const handler = handlers[method];
    return handler ? handler(args) : methodNotAllowed(allowed);
  });
}

/** The answer of a DELETE or another write with nothing to return. */
export const succeeded = () => json({ success: true });

/** 405 for a method the resource does not support. */
function methodNotAllowed(allowed: string[]): Response {
  // Protocol-level, before any language is known: the English wording.
  return errorJson(405, "en", "methodNotAllowed", undefined, { Allow: allowed.join(", ") });
}

/** Reads the body, refusing more than `maxBytes` whatever Content-Length claims. */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError(413, "requestTooLarge");
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new AppError(413, "requestTooLarge");
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

const JSON_BODY_MAX = 1024 * 1024;

/** The media type a body declares, without its parameters, in lower case ("" when none). */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Whether the body is a form (multipart or urlencoded), as plain HTML forms and the article form's uploads send (docs/product.md#the-api-in-summary). */
export function isFormBody(request: Request): boolean {
  const type = mediaType(request);
  return type === "multipart/form-data" || type === "application/x-www-form-urlencoded";
}

/**
 * A JSON body as an object. A body of another declared type is refused (415) rather than guessed
 * at; an empty body without a type is an empty object (a bodiless POST).
 */
export async function readJsonObject(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  const text = new TextDecoder().decode(await readBody(request, maxBytes));
  if (type === "" && text.trim() === "") return {};
  if (type !== "application/json" && !type.endsWith("+json")) throw new AppError(415, "jsonRequired");
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new AppError(400, "invalidJson");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new AppError(400, "invalidJson");
  return body as Record<string, unknown>;
}

/** Parses a JSON body (or a urlencoded/multipart form, for plain HTML forms) against `schema`. */
export async function readInput<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const raw = isFormBody(request) ? Object.fromEntries(await readFormData(request, JSON_BODY_MAX, [])) : await readJsonObject(request, JSON_BODY_MAX);
  return schema.parse(raw);
}

/** A positive integer route parameter, or 404: a malformed id names no resource. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(404, "notFound");
  return id;
}
