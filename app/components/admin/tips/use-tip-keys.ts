import { useCallback, useEffect, useRef, useState } from "react";
import { wipeKeys } from "~/lib/tips/crypto";
import type { OpenTipKey } from "./inbox-types";

/**
 * The key pairs the editor opened, in this component's state and nowhere else: not in any storage
 * a later visitor of this browser could read, not in the address, not sent. Locking, and leaving
 * the inbox, overwrite the private keys' bytes, so they do not linger in memory until collected.
 */
export function useTipKeys() {
  const [keys, setKeys] = useState<OpenTipKey[]>([]);
  const held = useRef<OpenTipKey[]>([]);
  held.current = keys;

  const add = useCallback((opened: readonly OpenTipKey[]) => {
    setKeys((current) => {
      const fresh = opened.filter((key) => !current.some((known) => known.publicKey === key.publicKey));
      // The same key opened twice (two copies of one file): the copy is wiped and dropped.
      for (const key of opened) if (!fresh.includes(key)) wipeKeys(key);
      return fresh.length ? [...current, ...fresh] : current;
    });
  }, []);

  const lock = useCallback(() => {
    for (const key of held.current) wipeKeys(key);
    setKeys([]);
  }, []);

  useEffect(
    () => () => {
      for (const key of held.current) wipeKeys(key);
    },
    [],
  );

  return { keys, add, lock };
}
