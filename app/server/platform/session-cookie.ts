/**
 * The name of the cookie that carries a session. The HTTP edge sets and reads it (http/session.ts);
 * the public cache looks for it (cache/cache-key.ts) and shares nothing with a request that has one.
 * The cache stands below the services, so the name stands here, on the floor both stand on.
 */
export const SESSION_COOKIE = "session";
