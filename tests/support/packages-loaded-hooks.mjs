// Module hooks (node --import): each package the process resolves from outside node_modules is
// written to stderr as `package <name>`, so that a test can tell which packages a start loads.
import { register } from "node:module";

if (!process.env.PACKAGES_LOADED_HOOKED) {
  process.env.PACKAGES_LOADED_HOOKED = "1";
  register(import.meta.url);
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const bare = !/^(\.|\/|node:|file:|data:)/.test(specifier);
  if (bare && !context.parentURL?.includes("/node_modules/")) process.stderr.write(`package ${specifier}\n`);
  return resolved;
}
