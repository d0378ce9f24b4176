import { useMatches } from "react-router";
import type { Role } from "~/lib/limits";
import { type Ability, type ArticleOwnership, mayEditArticle, roleCan } from "~/lib/roles";

/** Who is signed in to the back office, as its layout loaded them. */
export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: Role;
}

/**
 * What the signed-in newsroom member may do, to show each role only its own controls. The server
 * decides again on every call (app/server/services/actor.ts): this only keeps refusals out of sight.
 */
export function useNewsroomRole() {
  // The back office is mounted once per language prefix, each mount with its own route ids.
  const staff = (useMatches().find((match) => match.id.endsWith("/admin-layout"))?.data as { staff: StaffMember } | undefined)?.staff;
  return {
    staff,
    can: (ability: Ability) => staff !== undefined && roleCan(staff.role, ability),
    mayEdit: (article: ArticleOwnership) => staff !== undefined && mayEditArticle(staff.role, staff.id, article),
  };
}
