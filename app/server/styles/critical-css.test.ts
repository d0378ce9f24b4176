import { describe, expect, it } from "vitest";
import { CRITICAL_CSS_MARKER } from "~/lib/island-markers";
import { criticalCssOf, withCriticalCss } from "./critical-css";

/** A sheet shaped as Tailwind writes it: theme variables, registered properties, base rules, utilities in layers and media. */
const SHEET = [
  "@layer theme,base,components,utilities;",
  "@layer theme{:root,:host{--color-red:red;--color-blue:blue;--font-sans:Noto,sans-serif;--default-font-family:var(--font-sans);--spacing:.25rem}}",
  "@layer components;",
  "@layer base{html{font-family:var(--default-font-family)}[hidden]{display:none}}",
  "@property --tw-shadow{syntax:\"*\";inherits:false}",
  "@property --tw-ring{syntax:\"*\";inherits:false}",
  "@layer utilities{.text-red{color:var(--color-red)}.text-blue{color:var(--color-blue)}.shadow{box-shadow:var(--tw-shadow)}.p-2{padding:calc(var(--spacing)*2)}",
  "@media (width>=48rem){.md\\:p-2{padding:calc(var(--spacing)*2)}.md\\:text-blue{color:var(--color-blue)}}",
  ".group[open] .group-open\\:text-red{color:var(--color-red)}.hover\\:text-blue:hover{color:var(--color-blue)}.focus\\:p-2:focus,.focus-within\\:p-2:focus-within{padding:0}.focus\\:ring-2:focus{--tw-ring:2px}.ring-2{box-shadow:var(--tw-ring)}",
  "@media (hover:hover){.group:hover .group-hover\\:text-red{color:var(--color-red)}}",
  ".\\[\\&\\>a\\]\\:p-2>a{padding:0}.dark\\:text-red:where(.dark,.dark *){color:var(--color-red)}}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
].join("");

const critical = criticalCssOf(SHEET);

describe("a page's own rules", () => {
  it("are the rules its classes use, in the sheet's order and layers, with the base rules", () => {
    const css = critical('<html><body><p class="text-red md:p-2">x</p></body></html>');
    expect(css).toContain("@layer utilities{.text-red{color:var(--color-red)}@media (width>=48rem){.md\\:p-2{");
    expect(css).toContain("@layer base{html{font-family:var(--default-font-family)}[hidden]{display:none}}");
    expect(css).not.toMatch(/text-blue|\.shadow|md\\:text-blue/);
    expect(css).toContain("@keyframes spin");
    expect(css).toMatch(/^@layer theme,base,components,utilities;/);
    expect(css).toContain("}@layer components;@layer base{");
  });

  it("keep only the theme variables and registered properties those rules read, and the variables those read", () => {
    const css = critical('<p class="text-red">x</p>');
    expect(css).toContain(":root,:host{--color-red:red;--font-sans:Noto,sans-serif;--default-font-family:var(--font-sans)}");
    expect(css).not.toMatch(/--color-blue|--spacing|@property/);
    expect(critical('<p class="shadow">x</p>')).toContain("@property --tw-shadow");
    expect(critical('<p class="shadow">x</p>')).not.toContain("@property --tw-ring");
  });

  it("leave out a rule whose selector needs a class the page lacks, and keep dark-theme rules, whose class only the root gets", () => {
    expect(critical('<p class="group-open:text-red">x</p>')).not.toContain("group-open");
    expect(critical('<details class="group"><p class="group-open:text-red">x</p></details>')).toContain(".group[open] .group-open\\:text-red");
    expect(critical('<p class="dark:text-red">x</p>')).toContain(".dark\\:text-red:where(.dark,.dark *)");
  });

  it("leave hover, focus and press to the linked sheet: no element is in those states when the page first paints", () => {
    const css = critical('<div class="group"><a class="hover:text-blue focus:p-2 focus-within:p-2 focus:ring-2 ring-2 group-hover:text-red text-red">x</a></div>');
    expect(css).toContain(".ring-2{");
    expect(css).toContain(".text-red{");
    expect(css).not.toMatch(/:hover|:focus|@media \(hover:hover\)|--color-blue/);
  });

  it("read class names as the page escapes them", () => {
    expect(critical('<ul class="[&amp;&gt;a]:p-2">x</ul>')).toContain(".\\[\\&\\>a\\]\\:p-2>a");
  });

  it("are written in place of the marker of a reader page's head, and a page without the marker is left as it is", () => {
    const page = `<html><head><style>${CRITICAL_CSS_MARKER}</style></head><body><p class="text-blue">x</p></body></html>`;
    const written = withCriticalCss(page, critical);
    expect(written).toMatch(/^<html><head><style>@layer theme,base,components,utilities;[^<]*\.text-blue\{color:var\(--color-blue\)\}[^<]*<\/style><\/head>/);
    expect(written).not.toContain(CRITICAL_CSS_MARKER);
    const other = '<html><head><link rel="stylesheet" href="/assets/app.css"></head><body></body></html>';
    expect(withCriticalCss(other, critical)).toBe(other);
  });
});
