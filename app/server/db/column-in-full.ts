import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * A column named with its table, whatever the query: in a select from one table Drizzle names
 * columns bare, also inside `sql` templates, and a bare name inside a subquery is the subquery's
 * own column when its table has one by that name ("id" of article_media inside a select from
 * articles). For the outer row's columns in such subqueries.
 */
export function inFull(column: AnyPgColumn): SQL {
  return sql`${column.table}.${sql.identifier(column.name)}`;
}
