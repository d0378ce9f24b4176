import { database } from "~/server/runtime";
import { json, methodNotAllowed } from "~/server/http";

/** 200 once the database is open and migrated: load balancers use it to know the app can serve. */
export async function loader() {
  await database();
  return json({ status: "ok" });
}

export const action = async () => methodNotAllowed(["GET"]);
