import type { Catalog } from "./i18n";
import type { Role } from "./limits";

const NAME_KEYS = {
  user: "roleUser",
  contributor: "roleContributor",
  author: "roleAuthor",
  editor: "roleEditor",
  admin: "admin",
} as const satisfies Record<Role, keyof Catalog>;

/** A role as the back office names it, in the page's language. */
export const roleName = (role: Role, messages: Catalog): string => messages[NAME_KEYS[role]];
