import { drizzle } from 'drizzle-orm/node-postgres';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MSG } from '@blaster/contract';
import { driverOf, queryRows, type Db } from '../../db';
import { importStaging } from '../../db/schema';
import type { ImportKind } from './pipeline';

/** The answer lists at most this many created rows (the count is exact). */
export const CREATED_LIST_LIMIT = 1_000;

/**
 * Moves an import's staged rows into the kind's table, in file order, inside one transaction: a file
 * that fails half-way adds nothing. On PostgreSQL each chunk is moved as soon as it is staged, on a
 * connection of its own, while the next chunk is being read and copied (the server's insert work runs
 * beside the file's parsing); the embedded database runs one statement at a time anyway, so there
 * every row is moved at the end in one statement.
 */
export async function rowMover(db: Db, kind: ImportKind<unknown, unknown>, importId: number) {
  const driver = driverOf(db);
  let createdCount = 0;
  const firstIds: number[] = [];
  /** Staged rows only change their reason once staged: one analysis of them serves the import. */
  let stagingAnalyzed = false;
  const analyzeStaging = async (tx: Db) => {
    if (stagingAnalyzed) return;
    await tx.execute(sql`analyze ${importStaging}`);
    stagingAnalyzed = true;
  };

  /**
   * Adds the staged rows after `after` up to `upTo` that are still to add; a taken value is left out.
   * A range whose values are all new (none in the table, none twice in the range) is added with a
   * plain insert: ON CONFLICT's speculative insertion costs about a quarter of the insert, more than
   * the check. `careful` skips the check and always lets conflicts be left out. `rowsInRange`: how
   * many rows the range holds, when it is known.
   */
  const moveRange = async (
    tx: Db,
    after: number,
    upTo: number | null,
    careful = false,
    rowsInRange?: number,
  ) => {
    const unique = kind.uniqueColumn ? sql.identifier(kind.uniqueColumn) : null;
    const range = sql`import_id = ${importId} and reason is null and row_no > ${after}
      ${upTo === null ? sql`` : sql`and row_no <= ${upTo}`}`;
    let clashes = unique !== null;
    if (unique && !careful) {
      // Into a table holding fewer rows than arrive, hashing the table once beats probing its index once
      // per row; the planner sees that only with the staged rows analyzed, and left to choose would also
      // hash a large table, so the choice is made here.
      const hashTable = rowsInRange !== undefined && (await estimatedRows(tx, kind.table)) < rowsInRange;
      if (hashTable) await analyzeStaging(tx);
      const taken = hashTable
        ? sql`(select count(*) from ${importStaging} s join ${kind.table} t on t.${unique} = s.value
               where ${range}) > 0`
        : sql`exists (select 1 from ${importStaging} s where ${range}
                      and exists (select 1 from ${kind.table} t where t.${unique} = s.value))`;
      const [check] = await queryRows<{ clashes: boolean }>(
        tx,
        sql`select ${taken}
                or (select count(*) <> count(distinct value collate "C") from ${importStaging} where ${range})
                as clashes`,
      );
      clashes = check!.clashes;
    }
    const room = CREATED_LIST_LIMIT - firstIds.length;
    const [moved] = await queryRows<{ created_count: number; first_ids: unknown }>(
      tx,
      sql`
      with moved as (
        insert into ${kind.table} (${kind.columns})
        select ${kind.select} from ${importStaging}
        where ${range}
        order by row_no
        ${clashes ? sql`on conflict (${unique}) do nothing` : sql``}
        returning id
      )
      select (select count(*) from moved)::int as created_count,
        coalesce((select json_agg(id order by id)
                  from (select id from moved order by id limit ${room}) first), '[]') as first_ids`,
    );
    createdCount += moved!.created_count;
    // Only the ids pass through the statement: carrying every added row along would cost more than
    // adding them. The answer's first rows are read once every row is in.
    const ids = (
      typeof moved!.first_ids === 'string' ? JSON.parse(moved!.first_ids) : moved!.first_ids
    ) as number[];
    firstIds.push(...ids);
  };
  /** Forgets what an undone transaction moved, before the rows are moved again. */
  const restart = () => {
    createdCount = 0;
    firstIds.length = 0;
    stagingAnalyzed = false;
  };

  /**
   * With a unique column a later row with the same value conflicts with the first and is left out like
   * a value already in the table; only when fewer rows were added than offered are the left-out rows
   * told apart: an earlier row of the file with the same value makes a duplicate in the file; otherwise
   * the value was in the table already (a row this transaction did not add), and that row is named.
   */
  const settle = async (tx: Db, offered: number) => {
    if (kind.uniqueColumn && createdCount < offered) {
      const unique = sql.identifier(kind.uniqueColumn);
      // The planner must know how many rows arrived, or it joins them row by row (quadratic).
      await analyzeStaging(tx);
      await tx.execute(sql`
        update ${importStaging} s
        set reason = case when s.row_no > earliest.row_no then ${String(MSG.duplicateInFile)}
                          else ${String(MSG.duplicateInDatabase)} end
        from (
          select value, min(row_no) as row_no from ${importStaging}
          where import_id = ${importId} and reason is null group by value
        ) earliest
        where s.import_id = ${importId} and s.reason is null and s.value = earliest.value
          and (s.row_no > earliest.row_no
               or not exists (select 1 from ${kind.table} t
                              where t.${unique} = s.value and t.xmin = pg_current_xact_id()::xid))`);
      await tx.execute(sql`
        update ${importStaging} s set target_id = t.id
        from ${kind.table} t
        where s.import_id = ${importId} and s.reason = ${String(MSG.duplicateInDatabase)} and t.${unique} = s.value`);
    }
    const id = sql.identifier('id');
    const created = firstIds.length
      ? await queryRows<Record<string, unknown>>(
          tx,
          sql`select * from ${kind.table} where ${id} in ${firstIds} order by ${id}`,
        )
      : [];
    return { created, createdCount };
  };

  if (driver.kind === 'pglite') {
    const moveAll = (offered: number, careful: boolean) =>
      db.transaction(async (tx) => {
        await moveRange(tx as unknown as Db, 0, null, careful, offered);
        return settle(tx as unknown as Db, offered);
      });
    return {
      /** Staged rows wait for `finish` here. */
      staged(_upTo: number) {},
      /** Moves every staged row and answers the first added rows and the count. */
      async finish(offered: number) {
        try {
          return await moveAll(offered, false);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          restart();
          return moveAll(offered, true);
        }
      },
      async abandon() {},
    };
  }

  // A connection outside the pool: held for the whole import, it must not leave the chunks' COPY (which
  // borrows pooled connections) waiting behind other imports holding theirs.
  const client = new pg.Client(driver.pool.options);
  client.on('error', () => {});
  await client.connect();
  const tx = drizzle(client) as unknown as Db;
  let movedUpTo = 0;
  let moving: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  /** A value checked as new was added meanwhile by another import: the rows are moved again, carefully. */
  let raced = false;
  let open = true;
  const close = async (statement: 'commit' | 'rollback') => {
    if (!open) return;
    open = false;
    try {
      await client.query(statement);
    } catch (error) {
      if (statement === 'commit') throw error;
    } finally {
      await client.end().catch(() => {});
    }
  };
  try {
    await client.query('begin');
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return {
    /** Rows up to `upTo` are staged: they are moved next, after the chunks before them. */
    staged(upTo: number) {
      const after = movedUpTo;
      movedUpTo = upTo;
      moving = moving.then(async () => {
        if (failure || raced) return;
        await moveRange(tx, after, upTo).catch((error: unknown) => {
          if (isUniqueViolation(error)) raced = true;
          else failure = error;
        });
      });
    },
    async finish(offered: number) {
      await moving;
      if (failure) throw failure;
      if (raced) {
        await client.query('rollback');
        await client.query('begin');
        restart();
        await moveRange(tx, 0, null, true);
      }
      const outcome = await settle(tx, offered);
      await close('commit');
      return outcome;
    },
    /** Undoes every row moved so far (the import failed). */
    async abandon() {
      await moving;
      await close('rollback');
    },
  };
}

/** The planner's estimate of a table's rows (0 for a table never analyzed). */
async function estimatedRows(tx: Db, table: PgTable) {
  const [found] = await queryRows<{ rows: number }>(
    tx,
    sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = ${getTableName(table)}::regclass`,
  );
  return Number(found?.rows ?? 0);
}

/** PostgreSQL's unique_violation, as either driver reports it (possibly wrapped by the ORM). */
function isUniqueViolation(error: unknown) {
  const found = error as { code?: string; cause?: { code?: string } } | null;
  return found?.code === '23505' || found?.cause?.code === '23505';
}
