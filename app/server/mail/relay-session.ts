/**
 * One connection to the SMTP relay that hands over newsletter messages one at a time (issue 40),
 * with a say in the last moment of each: the relay takes a message for good only when it reads the
 * line that ends it (".", RFC 5321 §4.1.1.4), and a connection that drops before that line leaves
 * nothing delivered. So the whole message is written, then `commit` runs (the send queue marks the
 * recipient sent in the database), and only once it has committed is the ending line written. A
 * process killed before the commit sent nothing; killed after it, the recipient is marked sent
 * and the relay has (or is about to read) the complete message: no restart sends it twice
 * (docs/decisions.md, "Each newsletter recipient once, across kill -9").
 *
 * Between the commit and the ending line a kill would lose the message (marked sent, never
 * finished). The sessions of one thread share a `HandOverTurn`, so only one message at a time is
 * there, or past it waiting for the relay's answer: when the relay has read one message's end, no
 * other is committed and unfinished, and a crash can leave at most one message in doubt.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import { PermanentMailFailure, TemporaryMailFailure, classified } from "./message";

/** Where messages go: passed in, since sessions run on the newsletter's own thread (newsletter/send-worker.ts). */
export interface RelaySettings {
  /** SMTP_URL; unset, messages are written to `folder`. */
  smtpUrl: string | undefined;
  /** The envelope's sender, a bare address. */
  envelopeFrom: string;
  folder: string;
}

export type HandOff =
  /** The relay took the message; `confirmed` false: the connection dropped after the ending line, before its answer. */
  | { kind: "accepted"; confirmed: boolean }
  /** `commit` declined (another instance had sent it): the message was dropped unfinished. */
  | { kind: "abandoned" }
  /** The relay refused it, before or after `commit` ran (a refusal of the finished message). */
  | { kind: "failed"; failure: PermanentMailFailure | TemporaryMailFailure };

export interface RelaySession {
  /** Hands `raw` (a composed message, composeMail) to the relay for `to`; `commit` says whether to finish it. */
  deliver(to: string, raw: Buffer, commit: () => Promise<boolean>): Promise<HandOff>;
}

/**
 * Whose turn it is to commit a message and hand over its end, among the connections of one thread:
 * one message from its commit to the relay's answer, the others wait their turn with everything but
 * the ending line written.
 */
export class HandOverTurn {
  private held = false;
  private readonly queue: Array<() => void> = [];

  /** Resolves with the turn's release once it is the caller's. */
  async take(): Promise<() => void> {
    if (this.held) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held = false;
      this.queue.shift()?.();
    };
  }
}

/**
 * The message's bytes, and then its end only once `commit` agrees. The SMTP connection pipes it
 * only after the relay accepted the recipient and said "354 go ahead", so a second read means the
 * relay has every byte before the ending line.
 */
class GatedMessage extends Readable {
  private given = false;
  ended = false;
  constructor(
    private readonly raw: Buffer,
    private readonly commit: () => Promise<boolean>,
    private readonly onDeclined: () => void,
  ) {
    super();
  }
  override _read(): void {
    if (!this.given) {
      this.given = true;
      this.push(this.raw);
      return;
    }
    this.commit().then(
      (agreed) => {
        if (!agreed) return this.onDeclined();
        this.ended = true;
        this.push(null);
      },
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

class SmtpRelaySession implements RelaySession {
  private connection: SMTPConnection | undefined;
  private opening: Promise<SMTPConnection> | undefined;

  constructor(
    private readonly url: string,
    private readonly envelopeFrom: string,
    private readonly turn: HandOverTurn,
  ) {}

  private open(): Promise<SMTPConnection> {
    this.opening ??= new Promise<SMTPConnection>((resolve, reject) => {
      const { auth, ...options } = parseConnectionUrl(this.url);
      const connection = new SMTPConnection({ ...options, logger: false, connectionTimeout: 30_000, socketTimeout: 60_000 });
      connection.on("error", () => this.drop(connection));
      connection.once("end", () => this.drop(connection));
      connection.connect((error) => {
        if (error) return reject(error);
        if (!auth?.user) return resolve(connection);
        connection.login({ user: auth.user, pass: auth.pass ?? "" }, (loginError) => (loginError ? reject(loginError) : resolve(connection)));
      });
    }).then(
      (connection) => (this.connection = connection),
      (error: unknown) => {
        this.opening = undefined;
        throw error;
      },
    );
    return this.opening;
  }

  private drop(connection: SMTPConnection): void {
    if (this.connection === connection || this.connection === undefined) {
      this.connection = undefined;
      this.opening = undefined;
    }
    connection.close();
  }

  async deliver(to: string, raw: Buffer, commit: () => Promise<boolean>): Promise<HandOff> {
    let connection: SMTPConnection;
    try {
      connection = await this.open();
    } catch (error) {
      return { kind: "failed", failure: classified(error) };
    }
    let release: (() => void) | undefined;
    let settled = false;
    const inTurn = async () => {
      release = await this.turn.take();
      // The connection may have failed while the message waited: then there is nothing to finish.
      if (settled || this.connection !== connection) {
        release();
        return false;
      }
      return commit();
    };
    const handOff = new Promise<HandOff>((resolve) => {
      const message: GatedMessage = new GatedMessage(raw, inTurn, () => {
        // Dropped before the ending line: the relay discards what it read. A closed connection never
        // calls back for the message under way, so the answer is given here.
        this.drop(connection);
        message.destroy();
        resolve({ kind: "abandoned" });
      });
      connection.send({ from: this.envelopeFrom, to: [to] }, message, (error) => {
        if (!error) return resolve({ kind: "accepted", confirmed: true });
        // After any failure the session's state is unknown: the next message opens a new connection.
        this.drop(connection);
        const failure = classified(error);
        const answered = failure.responseCode !== undefined;
        // The ending line went out and the answer never came: the relay may well have the message, and
        // sending it again could deliver it twice. Counted as handed over.
        if (message.ended && !answered) return resolve({ kind: "accepted", confirmed: false });
        resolve({ kind: "failed", failure });
      });
    });
    return handOff.finally(() => {
      settled = true;
      release?.();
    });
  }
}

/** With no relay configured, messages are written to DATA_DIR/mail, once committed, as transport.ts does. */
class FileRelaySession implements RelaySession {
  constructor(private readonly folder: string) {}
  async deliver(to: string, raw: Buffer, commit: () => Promise<boolean>): Promise<HandOff> {
    if (!(await commit())) return { kind: "abandoned" };
    await mkdir(this.folder, { recursive: true });
    await writeFile(path.join(this.folder, `${Date.now()}-${to.replace(/[^A-Za-z0-9.@_-]/g, "_")}.eml`), raw);
    return { kind: "accepted", confirmed: true };
  }
}

/** A connection to the relay, taking its turns with the other sessions given the same `turn`. */
export function openRelaySession({ smtpUrl, envelopeFrom, folder }: RelaySettings, turn: HandOverTurn): RelaySession {
  return smtpUrl ? new SmtpRelaySession(smtpUrl, envelopeFrom, turn) : new FileRelaySession(folder);
}
