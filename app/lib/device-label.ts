import { formatMessage } from "./format-message";
import type { Catalog } from "./i18n";

/**
 * A session's device is stored as "Browser on System" (server/services/device-names.ts), the
 * browser and the system being names from a fixed list, in which this separator never occurs.
 */
export const DEVICE_SEPARATOR = " on ";

/** The device as the page's language words it ("Firefox on Android", "Android मा Firefox"). */
export function deviceLabel(device: string, messages: Catalog): string {
  if (device === "") return messages.sessionUnknownDevice;
  const [browser, system] = device.split(DEVICE_SEPARATOR);
  return system === undefined ? device : formatMessage(messages.sessionDeviceOn, { browser: browser ?? "", os: system });
}
