/**
 * A session's coarse device name ("Firefox on Android", "Safari on iPhone"), enough for a person to
 * recognise their own sessions and too coarse to tell two phones of a model apart: the user agent
 * itself (versions, build numbers, languages) is never stored. bowser reads the agent (it tells
 * Edge, Opera and Samsung Internet from the Chrome they claim to be); only names from the lists
 * below are kept, because bowser names an unknown browser by the agent's first word, which anyone
 * can write.
 */
import Bowser from "bowser";
import { DEVICE_SEPARATOR } from "~/lib/device-label";

/** bowser's browser names we show, and how we write them. */
const BROWSERS: Readonly<Record<string, string>> = {
  Chrome: "Chrome",
  Chromium: "Chromium",
  Firefox: "Firefox",
  Focus: "Firefox Focus",
  Safari: "Safari",
  "Microsoft Edge": "Edge",
  Opera: "Opera",
  "Samsung Internet for Android": "Samsung Internet",
  "UC Browser": "UC Browser",
  Brave: "Brave",
  Vivaldi: "Vivaldi",
  "Yandex Browser": "Yandex Browser",
  DuckDuckGo: "DuckDuckGo",
  "Android Browser": "Android Browser",
  "Internet Explorer": "Internet Explorer",
};

/** bowser's systems we show; iOS is named by its device instead (iPhone, iPad). */
const SYSTEMS: Readonly<Record<string, string>> = {
  Android: "Android",
  Windows: "Windows",
  macOS: "macOS",
  Linux: "Linux",
  "Chrome OS": "ChromeOS",
  HarmonyOS: "HarmonyOS",
};

const APPLE_DEVICES = new Set(["iPhone", "iPad", "iPod"]);

/** More than any real agent needs to be recognised; bounds the parser's work on a forged one. */
const AGENT_READ = 512;

/** "Browser on System", or whichever of the two is known, or "" (shown as "Unknown device"). */
export function deviceName(userAgent: string | null | undefined): string {
  const agent = userAgent?.slice(0, AGENT_READ).trim();
  if (!agent) return "";
  const parsed = Bowser.parse(agent);
  const browser = BROWSERS[parsed.browser.name ?? ""];
  const model = parsed.platform.model;
  const system = parsed.os.name === "iOS" ? (model && APPLE_DEVICES.has(model) ? model : "iOS") : SYSTEMS[parsed.os.name ?? ""];
  if (browser && system) return `${browser}${DEVICE_SEPARATOR}${system}`;
  return browser ?? system ?? "";
}
