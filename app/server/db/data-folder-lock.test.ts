import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataFolderInUse, lockDataFolder } from "./data-folder-lock";

const root = path.resolve(import.meta.dirname, "../../..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "khulasa-contend-"));

/** A process that claims the folders it is sent, each at the instant it is told. */
class Contender {
  readonly child: ChildProcessWithoutNullStreams;
  private readonly answers: AsyncIterator<string>;

  constructor() {
    this.child = spawn(process.execPath, ["--import", "tsx", "tests/support/hold-data-folder.ts", "contend"], { cwd: root });
    this.child.stderr.pipe(process.stderr);
    this.answers = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  async claim(dataDir: string, at: number): Promise<string> {
    this.child.stdin.write(`${dataDir} ${at}\n`);
    const answer = await this.answers.next();
    if (answer.done) throw new Error("the contender exited");
    return answer.value;
  }
}

describe("the embedded data folder's lock", () => {
  let contenders: Contender[] = [];

  beforeAll(() => {
    contenders = [new Contender(), new Contender(), new Contender(), new Contender()];
  });
  afterAll(() => {
    for (const contender of contenders) contender.child.kill();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("of four processes that claim one folder at the same moment, exactly one gets it, and the others are told who has it", async () => {
    for (let round = 0; round < 40; round += 1) {
      const dataDir = path.join(scratch, `db-${round}`);
      // Far enough ahead for all to have read the line; from then on they run at once, as cores allow.
      const at = Date.now() + 300;
      const answers = await Promise.all(contenders.map((contender) => contender.claim(dataDir, at)));
      const winners = contenders.filter((_, index) => answers[index] === `won ${dataDir}`);
      expect(winners, `round ${round}: ${answers.join(" / ")}`).toHaveLength(1);
      // A loser may look before the winner has written its pid.
      const refused = new RegExp(`^refused ${dataDir}: The embedded database in ${dataDir} is in use by (process ${winners[0]!.child.pid}|another process)$`);
      for (const answer of answers.filter((answer) => answer !== `won ${dataDir}`)) expect(answer).toMatch(refused);
    }
  }, 120_000);

  it("refuses a second claim from the same process: the lock belongs to the open file, not to the pid", async () => {
    const dataDir = path.join(scratch, "db-same");
    const release = await lockDataFolder(dataDir);
    try {
      await expect(lockDataFolder(dataDir)).rejects.toThrow(new DataFolderInUse(dataDir, process.pid));
    } finally {
      release();
    }
    (await lockDataFolder(dataDir))();
  });
});
