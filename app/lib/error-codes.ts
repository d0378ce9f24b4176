/**
 * The stable code an API error carries next to its `error` sentence: the message's catalog key in
 * snake_case (`editConflict` → `edit_conflict`). The sentence is for people and follows their
 * language and our wording; clients decide on the code, which neither changes.
 */
import type { MessageKey } from "./messages";

export function errorCode(key: MessageKey): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
