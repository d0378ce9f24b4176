import { createContext } from "react-router";

/** Per-request facts the Express layer knows and React Router does not. */
export interface RequestInfo {
  clientIp: string;
  /** CSP nonce for inline scripts; empty in development. */
  nonce: string;
  /** Set when a loader failed because the database is away: the page answers 503, not 500. */
  databaseUnavailable?: boolean;
}

export const requestInfoContext = createContext<RequestInfo>({ clientIp: "unknown", nonce: "" });
