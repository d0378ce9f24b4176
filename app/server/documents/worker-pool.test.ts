import { readdirSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, test } from "vitest";
import type { ExaminationProgress } from "./findings";
import { DocumentJobError, documentWorker, spawnFromSource } from "./worker-pool";
import type { RenderedPage } from "./render";
import { PHOTO, photo } from "./test-images";
import { leaky, plain } from "./test-pdfs";

const pools: ReturnType<typeof documentWorker>[] = [];
const pool = (options?: Parameters<typeof documentWorker>[0]) => {
  const made = documentWorker(options);
  pools.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((made) => made.stop()));
});

// Each thread compiles the engine and pdf.js through tsx as it starts: seconds, more under load.
describe("the documents worker", { timeout: 90_000 }, () => {
  test("examines in its thread, telling each page as it is read", async () => {
    const progress: ExaminationProgress[] = [];
    const examination = await pool().examine(await leaky.blackBox("KALIMATISOURCE"), (step) => progress.push(step));
    expect(examination.pages).toBe(2);
    expect(examination.findings).toContainEqual(expect.objectContaining({ kind: "text_under_box", page: 2, text: "KALIMATISOURCE" }));
    expect(progress).toEqual([
      { page: 1, pages: 2 },
      { page: 2, pages: 2 },
    ]);
  });

  test("runs at the lowest scheduling priority, so that readers' requests on the other threads come first", async () => {
    const niceness = () =>
      readdirSync("/proc/self/task").map((task) => {
        // The fields after the command's closing parenthesis; niceness is the 19th field of the line.
        const fields = readFileSync(`/proc/self/task/${task}/stat`, "utf8").split(") ")[1]!.split(" ");
        return { task: Number(task), nice: Number(fields[16]) };
      });
    const before = niceness();
    // Looked at while the job runs: a job over a whole file ends its thread once done.
    let during: ReturnType<typeof niceness> = [];
    await pool().examine(await plain.pages(1), () => void (during = niceness()));
    const started = during.filter((thread) => !before.some((old) => old.task === thread.task));
    expect(started.map((thread) => thread.nice)).toContain(19);
    expect(niceness().find((thread) => thread.task === process.pid)?.nice).toBe(0);
  });

  test("prepares in its thread, and takes jobs in turn", async () => {
    const documents = pool();
    const [prepared, examination] = await Promise.all([
      documents.prepare(await leaky.author("Sita Sharma"), { flatten: true, dpi: 72 }),
      documents.examine(await leaky.script("KALIMATISOURCE")),
    ]);
    expect((await documents.examine(prepared)).findings).toEqual([]);
    expect(examination.findings.map((finding) => finding.kind)).toEqual(["javascript"]);
  });

  test("examines and prepares a photo of a document in its thread", async () => {
    const documents = pool();
    const progress: ExaminationProgress[] = [];
    const examination = await documents.examine(await photo(), (step) => progress.push(step));
    expect(examination).toMatchObject({ pages: 1 });
    expect(examination.findings).toContainEqual(expect.objectContaining({ kind: "metadata", text: `GPS position: ${PHOTO.latitude}, ${PHOTO.longitude}` }));
    expect(progress).toEqual([{ page: 1, pages: 1 }]);
    const prepared = await documents.prepare(await photo(), { flatten: false });
    expect(await documents.examine(prepared)).toMatchObject({ pages: 1, findings: [] });
  });

  test("renders in its thread, handing over each page before it draws the next", async () => {
    const events: string[] = [];
    const pages: RenderedPage[] = [];
    const rendering = await pool().render(await plain.pages(3), async (page) => {
      events.push(`taken ${page.page}`);
      pages.push(page);
      // Held a while: a thread that drew ahead would hand over the next page meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 500));
      events.push(`stored ${page.page}`);
    });
    expect(rendering).toEqual({ pages: 3 });
    expect(events).toEqual(["taken 1", "stored 1", "taken 2", "stored 2", "taken 3", "stored 3"]);
    expect(pages.map((page) => [page.page, page.pages, page.image.width, page.thumbnail.width, page.text[0]?.text])).toEqual([
      [1, 3, 1200, 128, "Public text on page 1"],
      [2, 3, 1200, 128, "Public text on page 2"],
      [3, 3, 1200, 128, "Public text on page 3"],
    ]);
    expect(pages[0]!.image.bytes).toBeInstanceOf(Uint8Array);
    expect(pages[0]!.image.bytes.byteLength).toBeGreaterThan(1000);
  });

  test("a rendering whose caller fails on a page stops there with that error, and the thread goes on", async () => {
    const documents = pool();
    const taken: number[] = [];
    const failure = new Error("the store is full");
    await expect(
      documents.render(await plain.pages(3), ({ page }) => {
        taken.push(page);
        if (page === 2) throw failure;
      }),
    ).rejects.toBe(failure);
    expect(taken).toEqual([1, 2]);
    expect((await documents.examine(await leaky.script("X"))).pages).toBe(1);
  });

  test("a file that is not a PDF is unreadable, and the thread goes on", async () => {
    const documents = pool();
    await expect(documents.examine(new TextEncoder().encode("not a pdf at all"))).rejects.toMatchObject({ reason: "unreadable" });
    expect((await documents.examine(await leaky.script("X"))).pages).toBe(1);
  });

  test("more jobs than may wait are refused as busy", async () => {
    const documents = pool({ waiting: 1 });
    const bytes = await leaky.script("X");
    const first = documents.examine(bytes.slice());
    const second = documents.examine(bytes.slice());
    await expect(documents.examine(bytes.slice())).rejects.toEqual(new DocumentJobError("busy"));
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  test("a thread that dies fails its own job, and the next job gets a new thread", async () => {
    let spawned = 0;
    const documents = pool({
      spawn: () => (spawned++ === 0 ? new Worker("require('node:worker_threads').parentPort.on('message', () => process.exit(7))", { eval: true }) : spawnFromSource(256)),
    });
    const bytes = await leaky.script("X");
    await expect(documents.examine(bytes.slice())).rejects.toMatchObject({ reason: "failed" });
    expect((await documents.examine(bytes.slice())).pages).toBe(1);
  });

  test("a job over a whole file ends its thread, so the next starts from an empty heap; a look at one page keeps it for the next look", async () => {
    const threads: Worker[] = [];
    const documents = pool({
      spawn: (heapMb) => {
        const thread = spawnFromSource(heapMb);
        threads.push(thread);
        return thread;
      },
    });
    const ended = (thread: Worker) => new Promise((resolve) => thread.once("exit", resolve));
    const bytes = await plain.pages(2);
    await documents.examine(bytes.slice());
    await ended(threads[0]!);
    await documents.prepare(bytes.slice(), { flatten: false });
    await documents.render(bytes.slice(), () => undefined);
    expect(threads).toHaveLength(3);
    await ended(threads[2]!);

    const looks: number[] = [];
    for (const page of [1, 2]) await documents.render(bytes.slice(), (drawn) => void looks.push(drawn.page), { page });
    expect(looks).toEqual([1, 2]);
    expect(threads).toHaveLength(4);
  });
});
