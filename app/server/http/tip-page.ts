/**
 * The tip line's page (/tips, /ne/tips) as the server answers it: for a source without JavaScript,
 * the three forms (send, open with a codename, answer) are handled here, and the words are sealed
 * before anything is written. Nothing of the request is stored or logged: not the address (only
 * the rate limit's daily hash of it, in memory), not the agent, not the referrer.
 */
import { data } from "react-router";
import { translate } from "~/lib/i18n";
import { TIP_LIMITS, type TipIntent, type TipPageResult } from "~/lib/tips/protocol";
import { AppError } from "../errors";
import { config } from "../platform/config";
import { database } from "../process/runtime";
import { keyFingerprint } from "~/lib/tips/crypto";
import { conversationFromForm, currentTipKey, replyFromForm, sendTipFromForm } from "../services/tips";
import { readFormData } from "./form-body";
import { pageLocale } from "./page-locale";
import { tipFormAction } from "./tip-rate-limit";

/** A form's words, with room for the longest message in any script. */
const FORM_MAX_BYTES = TIP_LIMITS.maxMessageChars * 4 + 16 * 1024;

/**
 * Never followed by a referrer to another site, and offered at the onion address when the site has
 * one (Tor Browser shows the offer). No cache keeps it: the page is declared private
 * (routes/tips.tsx). "same-origin", not "no-referrer": under "no-referrer" Chromium and Firefox
 * (Tor Browser) send the page's own form with "Origin: null", which React Router's check of an
 * action's origin answers 400, so the path without JavaScript failed in every browser (issue 36).
 */
function tipPageHeaders(request: Request): Headers {
  const headers = new Headers({ "Referrer-Policy": "same-origin" });
  const onion = config().onionUrl;
  if (onion) headers.set("Onion-Location", onion + new URL(request.url).pathname);
  return headers;
}

/** Whether the tip line can take a tip (the newsroom has set up its key), and that key's fingerprint, which the browser checks for itself. */
export async function tipPageLoader(request: Request) {
  const key = await currentTipKey(await database());
  const fingerprint = key ? await keyFingerprint(key.publicKey, key.signingPublicKey) : null;
  return data({ open: key !== null, fingerprint, limits: TIP_LIMITS }, { headers: tipPageHeaders(request) });
}

export async function tipPageAction(request: Request, clientIp: string) {
  const headers = tipPageHeaders(request);
  const locale = pageLocale(request);
  let intent: TipIntent = "send";
  let codename: string | undefined;
  try {
    const form = await readFormData(request, FORM_MAX_BYTES, []);
    const field = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);
    intent = field("intent") === "open" ? "open" : field("intent") === "reply" ? "reply" : "send";
    codename = field("codename");
    await tipFormAction(clientIp);
    const db = await database();
    let result: TipPageResult;
    if (intent === "send") {
      result = { kind: "sent", codename: await sendTipFromForm(db, { message: field("message"), contact: field("contact") }) };
    } else {
      if (intent === "reply") await replyFromForm(db, { codename, message: field("message") });
      result = { kind: "conversation", codename: codename ?? "", messages: await conversationFromForm(db, codename), replied: intent === "reply" };
    }
    return data(result, { headers });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A failed answer keeps the codename in the form, so the source need not type it again.
    const failed: TipPageResult = { kind: "error", intent, error: translate(locale, error.key, error.values), ...(intent !== "send" && codename ? { codename } : {}) };
    return data(failed, { status: error.status, headers });
  }
}
