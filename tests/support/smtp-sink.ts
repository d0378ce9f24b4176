/**
 * A real SMTP server inside the test run (issue 40): what the site sends is received over SMTP,
 * parsed with mailparser, and kept for the test to read, as a reader's mail server would see it.
 */
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export interface ReceivedMail {
  /** The envelope's recipients, as RCPT TO named them. */
  recipients: string[];
  parsed: ParsedMail;
  /** The message exactly as it arrived, for checks on headers and signatures. */
  raw: Buffer;
}

export interface SmtpSink {
  /** SMTP_URL for the site under test. */
  url: string;
  received: ReceivedMail[];
  /** Refuses every later RCPT TO for this address with the given reply (default 550). */
  refuse(address: string, code?: number): void;
  /**
   * Calls `listener` with each message as it arrives, before the sink answers it: at that moment
   * the sender has written the message's end and waits for the "250" that says it was taken. The
   * answer waits for a promise the listener returns.
   */
  onArrival(listener: (mail: ReceivedMail) => void | Promise<void>): void;
  /** Resolves with the first message to `address` that `matches`, waiting for it to arrive. */
  next(address: string, matches?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refused = new Map<string, number>();
  const waiters = new Set<() => void>();
  const listeners: Array<(mail: ReceivedMail) => void | Promise<void>> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Senders keep their connections open between messages: a closing test run need not wait for them.
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      callback(Object.assign(new Error(`${address.address}: mailbox unavailable`), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const mail = { recipients: session.envelope.rcptTo.map((to) => to.address.toLowerCase()), parsed, raw };
            received.push(mail);
            const heard = listeners.map((listener) => listener(mail));
            for (const wake of waiters) wake();
            return Promise.all(heard).then(() => callback());
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A sender killed in the middle of a message (the exactly-once tests do it) resets its connection,
  // which smtp-server reports as an 'error' on the server: what arrived is what a test checks.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("the SMTP sink has no port");

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    onArrival(listener) {
      listeners.push(listener);
    },
    refuse(to, code = 550) {
      refused.set(to.toLowerCase(), code);
    },
    next(to, matches = () => true, timeoutMs = 15_000) {
      const find = () => received.find((mail) => mail.recipients.includes(to.toLowerCase()) && matches(mail));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no message to ${to} arrived in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
