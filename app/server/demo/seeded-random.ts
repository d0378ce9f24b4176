/** Numbers in [0, 1) that look random and repeat for the same seed: the demo is the same on every install. */
export type Random = () => number;

/** mulberry32: small, fast and good enough to make pictures and an archive look varied. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
