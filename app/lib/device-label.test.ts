import { describe, expect, it } from "vitest";
import { deviceLabel } from "./device-label";
import { en } from "./messages";
import { ne } from "./messages.ne";

describe("deviceLabel", () => {
  it("words a stored device in the page's language", () => {
    expect(deviceLabel("Firefox on Android", en)).toBe("Firefox on Android");
    expect(deviceLabel("Firefox on Android", ne)).toBe("Android मा Firefox");
    expect(deviceLabel("Linux", ne)).toBe("Linux");
    expect(deviceLabel("", en)).toBe("Unknown device");
    expect(deviceLabel("", ne)).toBe("अज्ञात उपकरण");
  });
});
