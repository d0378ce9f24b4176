/** A session's device as a coarse name from a fixed list: never a word of the agent itself. */
import { describe, expect, it } from "vitest";
import { deviceName } from "./device-names";

describe("deviceName", () => {
  it.each([
    ["Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0", "Firefox on Android"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari on iPhone"],
    ["Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari on iPad"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome on Windows"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87", "Edge on Windows"],
    ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari on macOS"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome on ChromeOS"],
  ])("%s → %s", (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });

  it("keeps what it recognises of an agent and nothing else", () => {
    expect(deviceName("EvilMarker/1.0 (X11; Linux x86_64) whatever")).toBe("Linux");
    expect(deviceName("Mozilla/5.0 (evil-marker <script>)")).toBe("");
    expect(deviceName("curl/8.5.0")).toBe("");
  });

  it("is empty without an agent", () => {
    expect(deviceName(null)).toBe("");
    expect(deviceName("   ")).toBe("");
  });
});
