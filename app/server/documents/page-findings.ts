/**
 * Which of a page's characters a reader cannot see but a copy, a search or a text extractor can,
 * and why: the rules of issue 38 applied to what page-content.ts read. Each rule is here once;
 * a character gets the first that fits, in the order below.
 */
import type { Finding, FindingKind } from "./findings";
import { area, coveredShare, intersection, union, type Box } from "./geometry";
import type { DrawnChar, PageContent } from "./page-content";

/** A character counts as under something when this share of its box or more is. */
const UNDER = 0.5;
/** A page that is one picture this large or more is a scan; invisible text over it is its OCR. */
const SCAN_SHARE = 0.8;
/** Text this tall or shorter, in points, cannot be read on the page. */
const TOO_SMALL = 0.5;
/** Colours this close (largest difference of a channel, 0–255) cannot be told apart. */
const SAME_COLOUR = 24;
/** A finding names at most this many characters of what would leak. */
const MAX_TEXT = 2000;

export interface CoveringAnnotation {
  subtype: string;
  boxes: Box[];
}

export interface PagePlace {
  number: number;
  /** The page's visible area (its crop box) in user space. */
  view: Box;
  /** User space to the rect a finding reports: points from the shown page's top left. */
  toRect: (box: Box) => [number, number, number, number];
}

function channels(color: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : null;
}

function sameColour(a: string, b: string): boolean {
  const [x, y] = [channels(a), channels(b)];
  return !!x && !!y && x.every((value, i) => Math.abs(value - y[i]!) <= SAME_COLOUR);
}

export function pageFindings(place: PagePlace, content: PageContent, annotations: CoveringAnnotation[]): Finding[] {
  const pageArea = area(place.view);
  const scanned = content.areas.some((painted) => painted.image && area(intersection(painted.box, place.view)) >= SCAN_SHARE * pageArea);
  // Areas painted after a character, found by drawing order; most pages paint few after their text.
  const areasByOrder = [...content.areas].sort((a, b) => a.order - b.order);

  const kindOf = (char: DrawnChar): FindingKind | null => {
    if (char.inHiddenLayer) return "layers";
    if (char.invisible) return scanned ? "ocr_layer" : "hidden_text";
    const height = char.box[3] - char.box[1];
    const width = char.box[2] - char.box[0];
    if (Math.min(height, width) <= TOO_SMALL && Math.max(height, width) <= TOO_SMALL * 4) return "hidden_text";
    if (coveredShare(char.box, place.view) === 0) return "hidden_text";
    if (char.color && char.background !== "image" && sameColour(char.color, char.background ?? "#ffffff")) return "hidden_text";
    for (const painted of areasByOrder) {
      if (painted.order > char.order && coveredShare(char.box, painted.box) >= UNDER) return "text_under_box";
    }
    if (annotations.some((annotation) => annotation.boxes.some((box) => coveredShare(char.box, box) >= UNDER))) return "text_under_annotation";
    return null;
  };

  const findings: Finding[] = [];
  let open: { kind: FindingKind; box: Box; text: string; lastBox: Box; gap: boolean } | null = null;
  const close = () => {
    if (!open) return;
    const text = open.text.trim();
    findings.push({ kind: open.kind, page: place.number, rect: place.toRect(open.box), text: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text });
    open = null;
  };
  for (const char of content.chars) {
    if (char.text === " ") {
      if (open) open.gap = true;
      continue;
    }
    const kind = kindOf(char);
    const sameLine = open && char.box[1] < open.lastBox[3] && char.box[3] > open.lastBox[1];
    if (open && (kind !== open.kind || (!sameLine && kind !== "ocr_layer"))) close();
    if (!kind) continue;
    if (open) {
      open.text += (open.gap ? " " : "") + char.text;
      open.box = union(open.box, char.box);
      open.lastBox = char.box;
      open.gap = false;
    } else {
      open = { kind, box: char.box, text: char.text, lastBox: char.box, gap: false };
    }
  }
  close();
  return findings;
}
