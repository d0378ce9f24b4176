/** HTTP plumbing shared by the /api resource routes: JSON in and out, errors, body limits. */
import { ZodError, type z } from "zod";
import { firstMessage } from "~/lib/schemas";
import { type Locale, localeFromAcceptLanguage, translate } from "~/lib/i18n";
import { AppError, isUniqueViolation } from "./errors";

const PRIVATE = { "Cache-Control": "private, no-store" };

export function json(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  return Response.json(data, { status, headers: { ...PRIVATE, ...headers } });
}

/**
 * The language of an API error: the one the client names in Accept-Language (the site's own pages
 * send their interface language), else English, the spec's.
 */
export function requestLocale(request: Request): Locale {
  return localeFromAcceptLanguage(request.headers.get("accept-language"), "en");
}

export function errorResponse(error: unknown, locale: Locale): Response {
  if (error instanceof Response) return error;
  if (error instanceof AppError) return json({ error: translate(locale, error.key, error.values) }, error.status);
  if (error instanceof ZodError) return json({ error: translate(locale, firstMessage(error)) }, 400);
  // Two writers raced past a service's own uniqueness check; the database constraint held.
  if (isUniqueViolation(error)) return json({ error: translate(locale, "conflict") }, 409);
  // Unexpected: log the detail for operators, show the client a plain message and no stack.
  console.error(error);
  return json({ error: translate(locale, "serverError") }, 500);
}

/** Wraps a loader or action so that every failure becomes a JSON error with an honest status. */
export function api<Args extends { request: Request }>(
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

/** 405 for a method the resource does not support. */
export function methodNotAllowed(allowed: string[]): Response {
  // Protocol-level, before any language is known: the English wording.
  return json({ error: translate("en", "methodNotAllowed") }, 405, { Allow: allowed.join(", ") });
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

/** Parses a JSON body (or a urlencoded/multipart form, for plain HTML forms) against `schema`. */
export async function readInput<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get("content-type") ?? "";
  let raw: unknown;
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    raw = Object.fromEntries(await readFormData(request, JSON_BODY_MAX));
  } else {
    const body = new TextDecoder().decode(await readBody(request, JSON_BODY_MAX));
    try {
      raw = body.trim() === "" ? {} : JSON.parse(body);
    } catch {
      throw new AppError(400, "invalidJson");
    }
  }
  return schema.parse(raw);
}

export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const body = await readBody(request, maxBytes);
  try {
    return await new Response(body, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw new AppError(400, "invalidInput");
  }
}

/** A positive integer route parameter, or 404: a malformed id names no resource. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(404, "notFound");
  return id;
}
