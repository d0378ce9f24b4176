/**
 * The floors of the house, top to bottom, and the rule that an import only ever goes down a floor
 * (or stays on its own) and never in a circle. app/floors.test.ts holds the code against it in
 * `npm test`; `npx depcruise app server` prints the same verdicts. docs/decisions.md, "One floor
 * per kind of code", says why each floor stands where it does.
 */

/** The server's floors, from the top: each may import the floors below it, never one above. */
export const FLOORS = [
  { name: "express", path: "^server/" },
  { name: "pages", path: "^app/(routes/|routes\\.ts$|root\\.tsx$|entry\\.(server|client)\\.tsx$|island-loaders\\.ts$|islands\\.client\\.tsx$)" },
  { name: "http", path: "^app/server/(http|seo)/" },
  { name: "composition-root", path: "^app/server/process/" },
  { name: "assembled", path: "^app/server/(demo|backup)/" },
  { name: "services", path: "^app/server/services/" },
  { name: "stores", path: "^app/server/(db|storage|cache)/" },
  { name: "platform", path: "^app/server/(platform/|documents/|errors\\.ts$)" },
];

const upward = FLOORS.flatMap((floor, index) =>
  index === 0
    ? []
    : [
        {
          name: `${floor.name}-imports-no-floor-above`,
          comment: `${floor.name} stands below ${FLOORS.slice(0, index).map((above) => above.name).join(", ")}`,
          severity: "error",
          from: { path: floor.path },
          to: { path: FLOORS.slice(0, index).map((above) => above.path).join("|") },
        },
      ],
);

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circle",
      comment: "files that import each other, however far round, are one floor pretending to be two",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...upward,
    {
      name: "lib-is-the-shared-ground",
      comment: "app/lib serves the browser and the server alike, and stands on nothing of either (the inline scripts' texts included)",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^(server/|app/(server|routes|components|islands|contexts)/|app/[^/]+$)" },
    },
    {
      name: "contexts-stand-below-what-they-serve",
      comment: "app/contexts holds what a tree of components is given (language, site addresses): the components and the islands use it, it uses neither",
      severity: "error",
      from: { path: "^app/contexts/" },
      to: { path: "^(server/|app/(server|routes|components|islands)/|app/[^/]+$)" },
    },
    {
      name: "server-code-never-imports-the-browsers",
      comment: "the server's floors stand beneath the pages and the components that the pages place",
      severity: "error",
      from: { path: "^app/server/" },
      to: { path: "^app/(components|islands|contexts)/" },
    },
    {
      name: "components-stand-below-the-pages",
      comment: "the pages place the components and islands; these know nothing of the pages, not even their types",
      severity: "error",
      from: { path: "^app/(components|islands)/" },
      to: { path: "^(server/|app/routes/|app/[^/]+$)" },
    },
    {
      name: "components-run-no-server-code",
      comment: "components and islands run in the browser: of the server they may know types, never code",
      severity: "error",
      from: { path: "^app/(components|islands)/" },
      to: { path: "^app/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "islands-stand-below-the-components-that-place-them",
      comment: "islands/ is what the components place; the contexts an island's tree is given are in app/contexts, below both",
      severity: "error",
      from: { path: "^app/islands/" },
      to: { path: "^app/components/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$|^app/server/db/migrations/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js"] },
  },
};
