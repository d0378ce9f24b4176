/**
 * `/uploads/*` on this site. From the local folder, the files themselves. With a bucket, a
 * permanent redirect to MEDIA_PUBLIC_URL: readers' pages already point there, but the back office,
 * API clients and old links name uploads by their path here, and must still reach them.
 */
import express, { type RequestHandler } from "express";
import { config } from "../platform/config";
import { isSafeMediaName } from "../storage/media-names";
import { uploadsDirectory } from "../storage";

/** Upload names are random and never reused, so an answer about one never changes. */
const A_YEAR = "public, max-age=31536000, immutable";

export function uploadsHandler(): RequestHandler {
  const { mediaStorage, mediaPublicUrl } = config();
  if (!mediaStorage) return express.static(uploadsDirectory(), { immutable: true, maxAge: "1y", index: false, fallthrough: false });
  return (req, res) => {
    const name = req.path.slice(1);
    if (!isSafeMediaName(name) || (req.method !== "GET" && req.method !== "HEAD")) {
      res.status(404).end();
      return;
    }
    res.setHeader("Cache-Control", A_YEAR);
    res.redirect(301, `${mediaPublicUrl}/${name}`);
  };
}
