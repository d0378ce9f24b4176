import { mkdtemp } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { HandOverTurn, openRelaySession, type RelaySettings } from "./relay-session";

let sink: SmtpSink;
let settings: RelaySettings;

beforeAll(async () => {
  sink = await startSmtpSink();
  settings = { smtpUrl: sink.url, envelopeFrom: "news@khulasa.example", folder: await mkdtemp(path.join(os.tmpdir(), "khulasa-relay-")) };
});
afterAll(async () => {
  await sink.close();
});

const raw = (to: string) => Buffer.from(`From: news@khulasa.example\r\nTo: ${to}\r\nSubject: turn\r\nMessage-ID: <${to}>\r\n\r\nHello.\r\n`);

describe("connections of one thread", () => {
  it("commit one message at a time: none while another's end waits for the relay's answer", async () => {
    const events: string[] = [];
    sink.onArrival(async (mail) => {
      if (!mail.recipients.includes("first@example.org")) return;
      events.push("first arrived");
      // The relay takes its time to answer: the other connection has written all but its end by now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push("first answered");
    });
    const turn = new HandOverTurn();
    const one = openRelaySession(settings, turn);
    const two = openRelaySession(settings, turn);
    const committing = (name: string) => async () => {
      events.push(`${name} committed`);
      return true;
    };

    const first = one.deliver("first@example.org", raw("first@example.org"), committing("first"));
    // The second message starts once the first has committed, so that it is the one that waits.
    await expect.poll(() => events).toContain("first committed");
    const second = two.deliver("second@example.org", raw("second@example.org"), committing("second"));

    expect(await Promise.all([first, second])).toEqual([
      { kind: "accepted", confirmed: true },
      { kind: "accepted", confirmed: true },
    ]);
    expect(events).toEqual(["first committed", "first arrived", "first answered", "second committed"]);
    expect(sink.received.map((mail) => mail.recipients)).toEqual([["first@example.org"], ["second@example.org"]]);
  });

  it("a message whose turn comes after its connection failed is not committed", async () => {
    // A relay that takes the message's body and then goes away, before any ending line.
    const relay = net.createServer((socket) => {
      socket.write("220 relay.example ESMTP\r\n");
      socket.on("data", (data: Buffer) => {
        const line = data.toString();
        if (/^(EHLO|HELO)/i.test(line)) socket.write("250 relay.example\r\n");
        else if (/^(MAIL|RCPT)/i.test(line)) socket.write("250 OK\r\n");
        else if (/^DATA/i.test(line)) socket.write("354 go ahead\r\n");
        else socket.destroy();
      });
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const { port } = relay.address() as net.AddressInfo;
    const turn = new HandOverTurn();
    const held = await turn.take();
    const session = openRelaySession({ ...settings, smtpUrl: `smtp://127.0.0.1:${port}` }, turn);
    let committed = false;
    const handOff = await session.deliver("dropped@example.org", raw("dropped@example.org"), async () => {
      committed = true;
      return true;
    });
    held();
    await new Promise((resolve) => setTimeout(resolve, 50));
    relay.close();
    expect(handOff.kind).toBe("failed");
    expect(committed).toBe(false);
  });
});
