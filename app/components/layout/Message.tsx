import { Fragment } from "react";
import { useMessages } from "~/contexts/i18n";
import type { MessageKey } from "~/lib/messages";

/**
 * A catalog message whose `{slots}` hold elements (a link, a <time>), so each language puts them
 * where its grammar wants them: 'By {name}' but 'लेखक: {name}', 'Share on {network}' but
 * '{network} मा सेयर गर्नुहोस्'.
 */
export function Message({ id, slots }: { id: MessageKey; slots: Record<string, React.ReactNode> }) {
  const messages = useMessages();
  return (
    <>
      {messages[id].split(/(\{\w+\})/).map((part, index) => {
        const slot = /^\{(\w+)\}$/.exec(part)?.[1];
        return slot !== undefined && slot in slots ? <Fragment key={index}>{slots[slot]}</Fragment> : part;
      })}
    </>
  );
}
