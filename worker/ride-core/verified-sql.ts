// "Verificada" as SQL (docs/product.md#verificada), for the statements that show the badge next to
// a rider (cards, participants, requests, the waiting list) and for the rule of a 'Solo
// verificadas' ride: one primary-key lookup in verified_riders, inside the statement.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { verifiedRiders } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";

const vr = alias(verifiedRiders, "vr");

/** The rider `user` (a column, any SQL, or a bound id) holds the badge. */
export function isVerifiedSql(user: SQLWrapper | string): SQL<boolean> {
  return sql<boolean>`exists ${subquery`select 1 from ${verifiedRiders} ${vr} where ${vr.userId} = ${user}`}`.mapWith(
    Boolean,
  );
}
