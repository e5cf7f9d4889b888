// 'Grupos' in the search (docs/product.md#grupos): active groups by text, city, modality and
// level, by city then size (the stored member count, read in groups_status_city_size_idx's
// order), each card as she sees it. A one-trip read: her session in the same batch (ADR 0046).
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { GroupSummary } from "../../domain/api/groups.ts";
import { groups } from "../db/schema.ts";
import {
  offsetOf,
  StatementCache,
  type Viewer,
  viewerValue,
  withOffset,
} from "../db/statements.ts";
import type { Database } from "../env.ts";
import { GROUP_PAGE_SIZE, summaryFields } from "./reads.ts";

/** What 'Grupos' binds: her (or her session), and the filters she set, already normalized. */
interface GroupSearchParams {
  viewer: string;
  q?: string | undefined;
  city?: string | undefined;
  m?: string | undefined;
  level?: string | undefined;
  offset?: number | undefined;
}

/**
 * One statement per set of filters (2⁴), each for her id, her session, or her likely id beside it
 * (ADR 0046).
 */
const searchStatements = new StatementCache<GroupSearchParams>(56);

function searchQuery(db: Database, p: GroupSearchParams) {
  const conditions = [eq(groups.status, "active")];
  if (p.q !== undefined) conditions.push(sql`instr(${groups.searchText}, ${p.q}) > 0`);
  if (p.city !== undefined) conditions.push(eq(groups.cityKey, p.city));
  if (p.m !== undefined) {
    conditions.push(
      sql`exists (select 1 from json_each(${groups.modalities}) where value = ${p.m})`,
    );
  }
  if (p.level !== undefined) {
    conditions.push(
      sql`exists (select 1 from json_each(${groups.levels}) where value = ${p.level})`,
    );
  }
  const query = db
    .select(summaryFields(p.viewer))
    .from(groups)
    .where(and(...conditions))
    .orderBy(asc(groups.cityKey), desc(groups.memberCount), asc(groups.id))
    .limit(GROUP_PAGE_SIZE + 1)
    .$dynamic();
  return withOffset(query, p.offset);
}

/**
 * 'Grupos' in the search: active groups by text, city, modality and level; by city, then size.
 * `viewer` is her id, or her session to read in the same round trip (a one-trip read, ADR 0046).
 */
export async function searchGroups(
  db: Database,
  viewer: Viewer,
  query: {
    q?: string | undefined;
    city?: string | undefined;
    m?: string | undefined;
    level?: string | undefined;
    page: number;
  },
): Promise<{ groups: GroupSummary[]; nextPage: number | null }> {
  const params: GroupSearchParams = {
    viewer: viewerValue(viewer),
    q: query.q ? normalize(query.q) : undefined,
    city: query.city ? normalize(query.city) : undefined,
    m: query.m || undefined,
    level: query.level || undefined,
    offset: offsetOf(query.page, GROUP_PAGE_SIZE),
  };
  const {
    results: [rows],
  } = await searchStatements.batchFor(db, viewer, "search", params, (template, p) => [
    searchQuery(template, p),
  ]);
  return {
    groups: rows.slice(0, GROUP_PAGE_SIZE),
    nextPage: rows.length > GROUP_PAGE_SIZE ? query.page + 1 : null,
  };
}

function normalize(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim().replace(/\s+/g, " ");
}
