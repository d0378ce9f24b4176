import { createContext } from "react-router";

/** Per-request facts the Express layer knows and React Router does not. */
export interface RequestInfo {
  clientIp: string;
  /** CSP nonce for inline scripts; empty in development. */
  nonce: string;
}

export const requestInfoContext = createContext<RequestInfo>({ clientIp: "unknown", nonce: "" });
