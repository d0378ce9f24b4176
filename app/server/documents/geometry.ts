/** Boxes and matrices in PDF user space (points, origin at the bottom left). */
export type Box = [number, number, number, number];
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `first` applied, then `second`: PDF's order, as in `cm`, where the new matrix comes first. */
export function multiply(first: ArrayLike<number>, second: ArrayLike<number>): Matrix {
  const [a1, b1, c1, d1, e1, f1] = Array.from(first);
  const [a2, b2, c2, d2, e2, f2] = Array.from(second);
  return [
    a1! * a2! + b1! * c2!,
    a1! * b2! + b1! * d2!,
    c1! * a2! + d1! * c2!,
    c1! * b2! + d1! * d2!,
    e1! * a2! + f1! * c2! + e2!,
    e1! * b2! + f1! * d2! + f2!,
  ];
}

/** The smallest upright box holding `box` after `matrix`. */
export function transformBox(box: ArrayLike<number>, matrix: ArrayLike<number>): Box {
  const [x0, y0, x1, y1] = Array.from(box) as Box;
  const [a, b, c, d, e, f] = Array.from(matrix) as Matrix;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [[x0, y0], [x1, y0], [x0, y1], [x1, y1]] as const) {
    xs.push(a * x + c * y + e);
    ys.push(b * x + d * y + f);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function area([x0, y0, x1, y1]: Box): number {
  return Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
}

export function intersection(a: Box, b: Box): Box {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

/** How much of `inner` (0 to 1) lies within `outer`; a box with no area counts by its centre. */
export function coveredShare(inner: Box, outer: Box): number {
  const own = area(inner);
  if (own === 0) return contains(outer, [(inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2]) ? 1 : 0;
  return area(intersection(inner, outer)) / own;
}

function contains([x0, y0, x1, y1]: Box, [x, y]: [number, number]): boolean {
  return x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

export function union(a: Box, b: Box): Box {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

export function expand([x0, y0, x1, y1]: Box, by: number): Box {
  return [x0 - by, y0 - by, x1 + by, y1 + by];
}
