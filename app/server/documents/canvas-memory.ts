/**
 * A canvas's pixels live outside the JavaScript heap, and @napi-rs/canvas does not tell V8 how much
 * they weigh: a dead canvas keeps its megabytes until a garbage collection that the heap, seeing
 * only a small object, has no reason to run. Drawing a 100-page file left about ten pages' canvases
 * waiting (100 MB over the server's peak, issue 38). A canvas made smaller to nothing lets its
 * pixels go at once.
 */
import type { Canvas } from "@napi-rs/canvas";

export function releaseCanvas(canvas: Canvas): void {
  canvas.width = 0;
  canvas.height = 0;
}
