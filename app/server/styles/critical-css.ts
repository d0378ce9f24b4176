/**
 * The part of the reader stylesheet a page needs to paint (issue 41): the rules whose classes the
 * page's own elements carry, the base layers, and only the theme variables and registered
 * properties those rules use. The whole sheet follows as one linked file (root.tsx), for the
 * classes islands add after load and for pages shown in place.
 *
 * Whole page rather than first screen: what is below the fold of a phone is above it on a desktop,
 * and a rule left out there would move the page when the linked sheet arrives. Rules for hover,
 * focus and press alone are left to the linked sheet: no element is in those states at first paint.
 */
import postcss, { type ChildNode, type Declaration, type Rule } from "postcss";
import { CRITICAL_CSS_MARKER } from "~/lib/island-markers";


const CLASS_IN_SELECTOR = /\.((?:\\.|[\w-])+)/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;

/** Classes that no element of a server-rendered page carries but the document's root: the theme script's. */
const ROOT_CLASSES = new Set(["dark"]);

/**
 * A state only a pointer or a keyboard puts an element in: no page is in one when it first paints,
 * and the linked sheet, asked for with the page, has arrived by the time a reader points or tabs.
 */
const INTERACTION_STATE = /:(?:hover|active|focus(?:-visible|-within)?)(?![\w-])/;

const unescapeClass = (name: string) => name.replace(/\\(.)/g, "$1");

const reads = (text: string) => [...text.matchAll(VARIABLE_USE)].map((match) => match[1]!);

/**
 * The stylesheet read once into what a page's copy is made of: a rule with the classes each of its
 * selectors asks for (it applies to a page that has every class of one), the declarations of a rule
 * that only sets variables (kept when a kept rule reads them), a registered property, and the
 * at-rules around them.
 */
type Piece =
  | { kind: "rule"; text: string; needs: string[][]; reads: string[] }
  | { kind: "variables"; selector: string; declarations: { name: string; text: string; reads: string[] }[] }
  | { kind: "property"; name: string; text: string }
  | { kind: "group"; open: string; pieces: Piece[] };

function selectorClasses(rule: Rule): string[][] {
  return rule.selectors.map((selector) => [...selector.matchAll(CLASS_IN_SELECTOR)].map((match) => unescapeClass(match[1]!)).filter((name) => !ROOT_CLASSES.has(name)));
}

function pieceOf(node: ChildNode): Piece | null {
  if (node.type === "rule") {
    // A theme's variables (`:root`), not a utility that sets one (`focus:ring-offset-2`), which its class decides.
    const onlyVariables =
      node.nodes.length > 0 && node.nodes.every((child) => child.type === "decl" && child.prop.startsWith("--")) && selectorClasses(node).every((classes) => classes.length === 0);
    if (onlyVariables)
      return { kind: "variables", selector: node.selector, declarations: (node.nodes as Declaration[]).map((decl) => ({ name: decl.prop, text: decl.toString(), reads: reads(decl.value) })) };
    const text = node.toString();
    if (node.selectors.every((selector) => INTERACTION_STATE.test(selector))) return { kind: "rule", text, needs: [], reads: [] };
    return { kind: "rule", text, needs: selectorClasses(node), reads: reads(text) };
  }
  if (node.type !== "atrule") return null;
  if (node.name === "property") return { kind: "property", name: node.params.trim(), text: node.toString() };
  // A statement (`@layer components;`): postcss writes it without its semicolon.
  if (!node.nodes) return { kind: "rule", text: `${node.toString()};`, needs: [[]], reads: [] };
  // Keyframes and font faces hold no selectors of their own: kept whole.
  if (/keyframes$/.test(node.name) || node.name === "font-face") {
    const text = node.toString();
    return { kind: "rule", text, needs: [[]], reads: reads(text) };
  }
  return { kind: "group", open: `@${node.name}${node.params ? ` ${node.params}` : ""}{`, pieces: node.nodes.map(pieceOf).filter((piece) => piece !== null) };
}

/** What React escapes in an attribute: arbitrary-value classes hold `&`, quotes and angle brackets. */
const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };
const unescapeAttribute = (value: string) => value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!);

function pageClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ""] of html.matchAll(CLASS_ATTRIBUTE)) for (const name of unescapeAttribute(value).split(/\s+/)) if (name) classes.add(name);
  return classes;
}

export interface CriticalCss {
  /** The rules `html` needs, as CSS text. */
  (html: string): string;
}

/** Reads the whole stylesheet once; each call then keeps what one page needs, by set look-ups. */
export function criticalCssOf(stylesheet: string): CriticalCss {
  const pieces = postcss
    .parse(stylesheet)
    .nodes.map(pieceOf)
    .filter((piece) => piece !== null);
  const variableSets: Extract<Piece, { kind: "variables" }>[] = [];
  const gather = (list: Piece[]) => {
    for (const piece of list) {
      if (piece.kind === "variables") variableSets.push(piece);
      if (piece.kind === "group") gather(piece.pieces);
    }
  };
  gather(pieces);

  return (html) => {
    const classes = pageClasses(html);
    const kept = new Set<Piece>();
    const used = new Set<string>();
    const choose = (list: Piece[]) => {
      for (const piece of list) {
        if (piece.kind === "group") choose(piece.pieces);
        else if (piece.kind === "rule" && piece.needs.some((needed) => needed.every((name) => classes.has(name)))) {
          kept.add(piece);
          for (const name of piece.reads) used.add(name);
        }
      }
    };
    choose(pieces);
    // Variables read by variables: a theme colour may be written in terms of another.
    for (let size = -1; size !== used.size; ) {
      size = used.size;
      for (const set of variableSets) for (const declaration of set.declarations) if (used.has(declaration.name)) for (const name of declaration.reads) used.add(name);
    }
    const write = (list: Piece[]): string => {
      let css = "";
      for (const piece of list) {
        if (piece.kind === "rule") css += kept.has(piece) ? piece.text : "";
        else if (piece.kind === "property") css += used.has(piece.name) ? piece.text : "";
        else if (piece.kind === "variables") {
          const declarations = piece.declarations.filter((declaration) => used.has(declaration.name));
          css += declarations.length ? `${piece.selector}{${declarations.map((declaration) => declaration.text).join(";")}}` : "";
        } else {
          const inner = write(piece.pieces);
          css += inner ? `${piece.open}${inner}}` : "";
        }
      }
      return css;
    };
    return write(pieces);
  };
}

/** `html` with its own rules in place of the marker a reader page's head holds (components/site/reader-stylesheet.tsx). */
export function withCriticalCss(html: string, critical: CriticalCss): string {
  const at = html.indexOf(CRITICAL_CSS_MARKER);
  return at < 0 ? html : html.slice(0, at) + critical(html) + html.slice(at + CRITICAL_CSS_MARKER.length);
}
