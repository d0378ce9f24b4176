/**
 * The newsletter's sending thread (issue 40): builds each message (MIME, DKIM signature) and holds
 * the SMTP conversations, so that neither takes the thread that answers the site's readers. It
 * knows nothing of the database: when a message's every byte but its ending line is with the relay,
 * it asks the request thread to commit (the send queue's markSent) and writes the ending line only
 * on its yes (mail/relay-session.ts). Each message's outcome goes back to be recorded there.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { MailSettings } from "../platform/config";
import { type HandOff, HandOverTurn, openRelaySession, type RelaySession, type RelaySettings } from "../mail/relay-session";
import { classified, mailComposer, type OutgoingMail } from "../mail/message";

export interface SendThreadSettings {
  relay: RelaySettings;
  compose: Pick<MailSettings, "from" | "dkim">;
}

/** A failure as it crosses threads: a structured clone keeps no class of its own. */
export interface FailureData {
  permanent: boolean;
  message: string;
  responseCode: number | undefined;
}

export type HandOffData = Exclude<HandOff, { kind: "failed" }> | { kind: "failed"; failure: FailureData };

export type ToSendThread =
  /** Build `mail` and hand it to the relay over connection number `connection`. */
  | { type: "send"; id: number; connection: number; mail: OutgoingMail }
  /** The answer to the thread's "commit": whether to finish the message, or what went wrong committing. */
  | { type: "commit"; id: number; agreed: boolean; error?: string };

export type FromSendThread = { type: "commit"; id: number } | { type: "done"; id: number; handOff: HandOffData };

function toData(handOff: HandOff): HandOffData {
  if (handOff.kind !== "failed") return handOff;
  const { failure } = handOff;
  return { kind: "failed", failure: { permanent: failure.name === "PermanentMailFailure", message: failure.message, responseCode: failure.responseCode } };
}

function run(port: NonNullable<typeof parentPort>, settings: SendThreadSettings) {
  const compose = mailComposer(settings.compose);
  const sessions = new Map<number, RelaySession>();
  const turn = new HandOverTurn();
  const commits = new Map<number, { resolve: (agreed: boolean) => void; reject: (error: Error) => void }>();

  const commit = (id: number) =>
    new Promise<boolean>((resolve, reject) => {
      commits.set(id, { resolve, reject });
      port.postMessage({ type: "commit", id } satisfies FromSendThread);
    });

  const send = async (id: number, connection: number, mail: OutgoingMail) => {
    let handOff: HandOff;
    try {
      const raw = await compose(mail);
      let session = sessions.get(connection);
      if (!session) sessions.set(connection, (session = openRelaySession(settings.relay, turn)));
      handOff = await session.deliver(mail.to, raw, () => commit(id));
    } catch (error) {
      // A message that cannot be built (a broken DKIM key, say) is a failure to record like a refusal.
      handOff = { kind: "failed", failure: classified(error) };
    }
    port.postMessage({ type: "done", id, handOff: toData(handOff) } satisfies FromSendThread);
  };

  port.on("message", (message: ToSendThread) => {
    if (message.type === "send") {
      void send(message.id, message.connection, message.mail);
      return;
    }
    const waiting = commits.get(message.id);
    commits.delete(message.id);
    if (message.error !== undefined) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.agreed);
  });
}

if (parentPort) run(parentPort, workerData as SendThreadSettings);
