import { and, asc, count, desc, getTableColumns, getTableName, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '@blaster/contract';
import { queryRows, type Db } from '../db';
import { runIntegerStatement } from './statements';

export const pageOffset = (page: number, size: number = PAGE_SIZE) => (page - 1) * size;

/** The answer's pager figures; `totalCapped` says that `total` is a lower bound ('Page X of Y+'). */
export function pageMeta(page: number, total: number, totalCapped = false, size: number = PAGE_SIZE) {
  return { page, totalPages: Math.max(1, Math.ceil(total / size)), total, totalCapped };
}
export type PageMeta = ReturnType<typeof pageMeta>;

/** The user a list is about: members and staff always themselves, operators whoever they name (or all). */
export function listOwner(
  actor: { id: number; role: string },
  named: number | '' | 'null' | undefined,
): number | null {
  if (actor.role !== 'admin' && actor.role !== 'dev') return actor.id;
  return typeof named === 'number' ? named : null;
}

/**
 * Filtered and searched lists count at most this many pages' rows past the page's start: beyond it
 * the total is shown as a lower bound. Counting a whole filtered table on every request is what made
 * deep pages slow.
 */
const COUNTED_PAGES = 100;
export const countCap = (size: number = PAGE_SIZE) => COUNTED_PAGES * size;
export const COUNT_CAP = countCap();

/** Lists whose rows per id block the database keeps (table list_buckets, migration 0009_paging). */
export type KeptList = 'whatsapp_accounts' | 'phone_numbers' | 'proxies' | 'message_templates';
/** Must match the block size of the list_buckets triggers. */
const BUCKET_IDS = 1024;

export interface PageRequest {
  page: number;
  /** Next: the id of the last row of the page before. */
  after?: number;
  /** Previous: the id of the first row of the page after. */
  before?: number;
  /** Rows per page (a choice the contract's query allowed); PAGE_SIZE when absent. */
  per_page?: number;
}

const sizeOf = (request: PageRequest) => request.per_page ?? PAGE_SIZE;

export interface ListSource {
  /**
   * The list's table (where a cursor row's sort values are read), with its id column: unique, the
   * last sort key, and what a cursor names.
   */
  table: PgTable & { id: AnyPgColumn };
  /** The list's ids with whatever joins `where` needs, in dynamic mode; by default the table's alone. */
  ids?: () => PgSelect;
  /**
   * Sort keys before the id, all in `direction` (none: by id alone): columns of `table`, or
   * expressions over them such as an index's `lower(name) collate "C"`.
   */
  orderBy?: (AnyPgColumn | SQL)[];
  direction: 'asc' | 'desc';
  where?: SQL;
  /**
   * A list ordered by id descending whose rows the database counts as they come and go: with no
   * `where`, its total is exact and page N is found by seek at any depth.
   */
  kept?: KeptList;
}

/** A kept list's exact row count: the sum of its blocks. */
export const keptTotal = (list: KeptList) =>
  sql`select coalesce(sum(row_count), 0)::bigint as total from list_buckets where list = ${list}`;

/**
 * The ids of one page of a list, in list order, and its pager figures. Every list reads its page
 * here, so that all share one contract: page N by number, the same rows faster by cursor, exact
 * totals where the database keeps them and capped, honest ones otherwise.
 */
export async function readPage(
  db: Db,
  source: ListSource,
  request: PageRequest,
): Promise<{ ids: number[]; meta: PageMeta }> {
  const size = sizeOf(request);
  const offset = pageOffset(request.page, size);
  // Page 1 is always the first rows, whatever a cursor says.
  const cursor = request.page > 1 ? request : { page: request.page, per_page: size };
  if (source.kept && !source.where && !source.orderBy?.length && source.direction === 'desc')
    return readKeptPage(db, source, source.kept, cursor);

  const idsOf = () => source.ids?.() ?? db.select({ id: source.table.id }).from(source.table).$dynamic();
  const { page, more } = await seekPage(db, source, idsOf, cursor);
  if (source.kept && !source.where) {
    // Only sorted differently: the kept blocks still count the whole list exactly.
    const [{ total } = { total: 0 }] = await queryRows<{ total: string | number }>(
      db,
      keptTotal(source.kept),
    );
    return { ids: page, meta: pageMeta(request.page, Number(total), false, size) };
  }
  const cap = countCap(size);
  if (offset >= cap) {
    // Deep in a filtered list: what is known is this page and whether one more follows.
    return {
      ids: page,
      meta: pageMeta(request.page, offset + page.length + (more ? 1 : 0), more, size),
    };
  }
  const counted = idsOf()
    .where(source.where)
    .limit(cap + 1)
    .as('counted');
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(counted);
  return {
    ids: page,
    meta: pageMeta(request.page, Math.min(total, cap), total > cap, size),
  };
}

/**
 * The order a list's page reads in: the sort asked (ascending unless told otherwise), else newest
 * first by `newest`. Each key is one an index holds with the id after it.
 */
export function sortedOrNewest(
  sorted: AnyPgColumn | SQL | undefined,
  dir: 'asc' | 'desc' | undefined,
  newest: AnyPgColumn,
): Pick<ListSource, 'orderBy' | 'direction'> {
  return sorted ? { orderBy: [sorted], direction: dir ?? 'asc' } : { orderBy: [newest], direction: 'desc' };
}

/** The rows read for a page's ids, in the page's order (a read by `id in (...)` has none of its own). */
export function inPageOrder<Row>(ids: number[], rows: Row[], idOf: (row: Row) => number): Row[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page's ids, past a cursor when it still finds a page, else by number; and whether more follow. */
async function seekPage(db: Db, source: ListSource, idsOf: () => PgSelect, cursor: PageRequest) {
  const size = sizeOf(cursor);
  const sortKeys = [...(source.orderBy ?? []), source.table.id];
  const ascending = source.direction === 'asc';
  const order = (forward: boolean) =>
    sortKeys.map((column) => (forward === ascending ? asc(column) : desc(column)));
  // One row past the page tells whether another page follows.
  const ids = async (seek: SQL | undefined, forward: boolean, skip: number) =>
    (
      (await idsOf()
        .where(and(source.where, seek))
        .orderBy(...order(forward))
        .limit(size + 1)
        .offset(skip)) as { id: number }[]
    ).map((row) => row.id);

  if (cursor.after !== undefined) {
    const found = await ids(seekPast(source, sortKeys, cursor.after, ascending ? 'gt' : 'lt'), true, 0);
    if (found.length) return { page: found.slice(0, size), more: found.length > size };
  } else if (cursor.before !== undefined) {
    // Read backwards from the cursor row, which itself follows the page; a page short of rows means
    // the list moved since: then it is read by number.
    const found = await ids(seekPast(source, sortKeys, cursor.before, ascending ? 'lt' : 'gt'), false, 0);
    if (found.length >= size) return { page: found.slice(0, size).reverse(), more: true };
  }
  const found = await ids(undefined, true, pageOffset(cursor.page, size));
  return { page: found.slice(0, size), more: found.length > size };
}

/** Rows past the cursor row in sort order: a row comparison with that row's own sort values. */
function seekPast(source: ListSource, sortKeys: (AnyPgColumn | SQL)[], cursorId: number, op: 'gt' | 'lt') {
  if (sortKeys.length === 1)
    return op === 'gt' ? gt(source.table.id, cursorId) : lt(source.table.id, cursorId);
  const keys = sql.join(sortKeys, sql`, `);
  const cursorRow = sql`(select ${keys} from ${source.table} where ${source.table.id} = ${cursorId})`;
  return sql`(${keys}) ${sql.raw(op === 'gt' ? '>' : '<')} ${cursorRow}`;
}

/**
 * An unfiltered list by id descending: the total is the sum of the kept blocks, and page N starts in
 * the block where the running sum from the newest block passes its offset, at most 1024 ids in. One
 * statement, a few hundred block rows and one short index range, at any depth.
 */
async function readKeptPage(db: Db, source: ListSource, list: KeptList, request: PageRequest) {
  const table = source.table;
  const id = sql.identifier('id');
  const size = sizeOf(request);
  const totals = keptTotal(list);
  const pageIds = (ids: SQL) =>
    queryRows<{ total: string | number; id: number | null }>(
      db,
      sql`select totals.total, page.id from (${totals}) totals left join lateral (${ids}) page on true`,
    );
  const byNumber = () => {
    const offset = pageOffset(request.page, size);
    return pageIds(sql`select found.id from (
        select bucket, ${offset} - (through - row_count) as skip from (
          select bucket, row_count, sum(row_count) over (order by bucket desc) as through
          from list_buckets where list = ${list}
        ) blocks where through > ${offset} order by bucket desc limit 1
      ) start cross join lateral (
        select ${id} from ${table} where ${id} < (start.bucket + 1) * ${BUCKET_IDS}
        order by ${id} desc offset start.skip limit ${size}
      ) found`);
  };
  let rows: Awaited<ReturnType<typeof pageIds>> | undefined;
  if (request.after !== undefined) {
    rows = await pageIds(
      sql`select ${id} from ${table} where ${id} < ${request.after} order by ${id} desc limit ${size}`,
    );
    if (rows[0]?.id === null) rows = undefined;
  } else if (request.before !== undefined) {
    rows = await pageIds(sql`select ${id} from ${table} where ${id} > ${request.before}
      order by ${id} asc limit ${size}`);
    // A page short of rows means the list moved since: read by number.
    if (rows.length < size || rows[0]?.id === null) rows = undefined;
    else rows.reverse();
  }
  rows ??= await byNumber();
  const ids = rows.flatMap((row) => (row.id === null ? [] : [row.id]));
  return { ids, meta: pageMeta(request.page, Number(rows[0]?.total ?? 0), false, size) };
}

/** One kept list's page with its rows: how they are read, and the row each answer row is made from. */
export interface KeptRowsSource {
  list: KeptList;
  /** The list's table, aliased `row` in `select` and `joins`. */
  table: PgTable;
  /** The select list over `row` and the joins, each item aliased to its key in the answer row. */
  select: string;
  /** Joins after the list's table (to owners, for example). */
  joins?: string;
}

/** The columns of a table as select items over `alias`, each named by its key in the table's rows. */
export function selectColumns(table: PgTable, alias: string) {
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => `"${alias}"."${column.name}" as "${key}"`)
    .join(', ');
}

type KeptStatements = Record<'byNumber' | 'after' | 'before', { name: string; text: string }>;
const keptStatements = new Map<string, KeptStatements>();

/**
 * The statements of a kept list's page: the total, the page's ids and their rows in one statement
 * (one round trip; the embedded database pays a large fixed cost per statement), by number ($1 is the
 * offset) or after / before a cursor id ($1). Built once per list and page size (a few choices).
 */
function statementsOf(source: KeptRowsSource, size: number): KeptStatements {
  const key = `${source.list}_${size}`;
  const known = keptStatements.get(key);
  if (known) return known;
  const table = getTableName(source.table);
  const withRows = (ids: string) => `select totals.total, page.* from (
      select coalesce(sum(row_count), 0)::int8 as total from list_buckets where list = '${source.list}'
    ) totals left join lateral (
      select ${source.select} from (${ids}) page_ids
      join "${table}" "row" on "row".id = page_ids.id ${source.joins ?? ''}
    ) page on true
    order by page.id desc`;
  const statements: KeptStatements = {
    byNumber: {
      name: `${key}_page_by_number`,
      text: withRows(`select found.id from (
          select bucket, $1::int8 - (through - row_count) as skip from (
            select bucket, row_count, sum(row_count) over (order by bucket desc) as through
            from list_buckets where list = '${source.list}'
          ) blocks where through > $1::int8 order by bucket desc limit 1
        ) start cross join lateral (
          select id from "${table}" where id < (start.bucket + 1) * ${BUCKET_IDS}
          order by id desc offset start.skip limit ${size}
        ) found`),
    },
    after: {
      name: `${key}_page_after`,
      text: withRows(`select id from "${table}" where id < $1::int8 order by id desc limit ${size}`),
    },
    before: {
      name: `${key}_page_before`,
      text: withRows(`select id from "${table}" where id > $1::int8 order by id asc limit ${size}`),
    },
  };
  keptStatements.set(key, statements);
  return statements;
}

/**
 * A page of an unfiltered kept list (by id descending) with its rows and pager figures, in one
 * statement: the same page and totals `readPage` finds, by number or cursor.
 */
export async function readKeptRows<Row extends { id: number }>(
  db: Db,
  source: KeptRowsSource,
  request: PageRequest,
): Promise<{ rows: Row[]; meta: PageMeta }> {
  const size = sizeOf(request);
  const statements = statementsOf(source, size);
  type Found = Omit<Row, 'id'> & { id: number | null; total: string | number | bigint };
  // A cursor past every id (or past what a number holds exactly) is just a large id.
  const run = (statement: { name: string; text: string }, value: number) =>
    runIntegerStatement<Found>(db, statement, [Math.min(value, Number.MAX_SAFE_INTEGER)]);
  let found: Found[] | undefined;
  // Page 1 is always the newest rows, whatever a cursor says.
  if (request.page > 1 && request.after !== undefined) {
    found = await run(statements.after, request.after);
    if (found[0]?.id === null) found = undefined;
  } else if (request.page > 1 && request.before !== undefined) {
    found = await run(statements.before, request.before);
    // A page short of rows means the list moved since: read by number.
    if (found.length < size || found[0]?.id === null) found = undefined;
  }
  found ??= await run(statements.byNumber, pageOffset(request.page, size));
  const total = Number(found[0]?.total ?? 0);
  // Each row also carries the total, which no presenter reads.
  const rows = (found[0]?.id === null ? [] : found) as unknown as Row[];
  return { rows, meta: pageMeta(request.page, total, false, size) };
}
