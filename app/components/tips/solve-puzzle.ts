/** The server's proof-of-work challenge for a new tip, fetched and solved in a worker (puzzle-worker.ts). */
import { apiRequest } from "~/lib/api-client";
import type { TipPuzzle, TipPuzzleSolution } from "~/lib/tips/puzzle";
import { TipFailure, unwrapTip } from "~/lib/tips/requests";

export async function solvedPuzzle(): Promise<TipPuzzleSolution> {
  const puzzle = unwrapTip(await apiRequest<TipPuzzle>("/api/tips/puzzle"));
  const worker = new Worker(new URL("./puzzle-worker.ts", import.meta.url), { type: "module" });
  try {
    const nonce = await new Promise<number>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<number>) => resolve(event.data);
      worker.onerror = () => reject(new TipFailure(null));
      worker.postMessage({ challenge: puzzle.challenge, difficulty: puzzle.difficulty });
    });
    return { challenge: puzzle.challenge, nonce };
  } finally {
    worker.terminate();
  }
}
