import { drizzle } from 'drizzle-orm/node-postgres';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { MSG } from '@blaster/contract';
import { driverOf, queryRows, type Db } from '../../db';
import { importStaging } from '../../db/schema';
import { CREATED_LIST_LIMIT, type AnyImportKind } from './kind';
import { ownTransaction } from './own-transaction';

/** What the import pipeline sees of a mover. */
export interface RowMover {
  /** Rows up to `upTo` are staged. */
  staged(upTo: number): void;
  /** Moves what is left and answers the first added rows and the count (the rows are committed). */
  finish(offered: number): Promise<{ created: Record<string, unknown>[]; createdCount: number }>;
  /** Undoes every row moved so far (the import failed). */
  abandon(): Promise<void>;
}

/**
 * Moves an import's staged rows into the kind's table, in file order, inside one transaction: a file
 * that fails half-way adds nothing. On PostgreSQL each chunk is moved as soon as it is staged, on a
 * connection of its own, while the next chunk is being read and copied (the server's insert work runs
 * beside the file's parsing); the embedded database runs one statement at a time anyway, so there
 * every row is moved at the end in one statement.
 */
export async function rowMover(db: Db, kind: AnyImportKind, importId: number): Promise<RowMover> {
  const driver = driverOf(db);
  const moves = new StagedMoves(kind, importId);
  return driver.kind === 'pglite' ? embeddedMover(db, moves) : pooledMover(driver.pool, moves);
}

/** The moves of one import and what they added so far, inside the transaction that holds them. */
class StagedMoves {
  private createdCount = 0;
  private readonly firstIds: number[] = [];
  /** Staged rows only change their reason once staged: one analysis of them serves the import. */
  private stagingAnalyzed = false;

  constructor(
    private readonly kind: AnyImportKind,
    private readonly importId: number,
  ) {}

  private async analyzeStaging(tx: Db) {
    if (this.stagingAnalyzed) return;
    await tx.execute(sql`analyze ${importStaging}`);
    this.stagingAnalyzed = true;
  }

  /**
   * Adds the staged rows after `after` up to `upTo` that are still to add; a taken value is left out.
   * A range whose values are all new (none in the table, none twice in the range) is added with a
   * plain insert: ON CONFLICT's speculative insertion costs about a quarter of the insert, more than
   * the check. `careful` skips the check and always lets conflicts be left out. `rowsInRange`: how
   * many rows the range holds, when it is known.
   */
  async moveRange(tx: Db, after: number, upTo: number | null, careful = false, rowsInRange?: number) {
    const range = sql`import_id = ${this.importId} and reason is null and row_no > ${after}
      ${upTo === null ? sql`` : sql`and row_no <= ${upTo}`}`;
    const unique = this.kind.uniqueColumn ? sql.identifier(this.kind.uniqueColumn) : null;
    const clashes = unique !== null && (careful || (await this.mayClash(tx, unique, range, rowsInRange)));
    const room = CREATED_LIST_LIMIT - this.firstIds.length;
    const [moved] = await queryRows<{ created_count: number; first_ids: unknown }>(
      tx,
      sql`
      with moved as (
        insert into ${this.kind.table} (${this.kind.columns})
        select ${this.kind.select} from ${importStaging}
        where ${range}
        order by row_no
        ${clashes ? sql`on conflict (${unique}) do nothing` : sql``}
        returning id
      )
      select (select count(*) from moved)::int as created_count,
        coalesce((select json_agg(id order by id)
                  from (select id from moved order by id limit ${room}) first), '[]') as first_ids`,
    );
    this.createdCount += moved!.created_count;
    // Only the ids pass through the statement: carrying every added row along would cost more than
    // adding them. The answer's first rows are read once every row is in.
    const ids = (
      typeof moved!.first_ids === 'string' ? JSON.parse(moved!.first_ids) : moved!.first_ids
    ) as number[];
    this.firstIds.push(...ids);
  }

  /** Whether a value of the range is in the table already, or twice in the range. */
  private async mayClash(
    tx: Db,
    unique: ReturnType<typeof sql.identifier>,
    range: SQL,
    rowsInRange: number | undefined,
  ) {
    // Into a table holding fewer rows than arrive, hashing the table once beats probing its index once
    // per row; the planner sees that only with the staged rows analyzed, and left to choose would also
    // hash a large table, so the choice is made here.
    const hashTable = rowsInRange !== undefined && (await estimatedRows(tx, this.kind.table)) < rowsInRange;
    if (hashTable) await this.analyzeStaging(tx);
    const table = this.kind.table;
    const taken = hashTable
      ? sql`(select count(*) from ${importStaging} s join ${table} t on t.${unique} = s.value
             where ${range}) > 0`
      : sql`exists (select 1 from ${importStaging} s where ${range}
                    and exists (select 1 from ${table} t where t.${unique} = s.value))`;
    const [check] = await queryRows<{ clashes: boolean }>(
      tx,
      sql`select ${taken}
              or (select count(*) <> count(distinct value collate "C") from ${importStaging} where ${range})
              as clashes`,
    );
    return check!.clashes;
  }

  /** Forgets what an undone transaction moved, before the rows are moved again. */
  restart() {
    this.createdCount = 0;
    this.firstIds.length = 0;
    this.stagingAnalyzed = false;
  }

  /** Marks the rows left out, then answers the first added rows and the count. */
  async settle(tx: Db, offered: number) {
    if (this.kind.uniqueColumn && this.createdCount < offered) await this.markDuplicates(tx);
    const id = sql.identifier('id');
    const created = this.firstIds.length
      ? await queryRows<Record<string, unknown>>(
          tx,
          sql`select * from ${this.kind.table} where ${id} in ${this.firstIds} order by ${id}`,
        )
      : [];
    return { created, createdCount: this.createdCount };
  }

  /**
   * With a unique column a later row with the same value conflicts with the first and is left out like
   * a value already in the table; only when fewer rows were added than offered are the left-out rows
   * told apart: an earlier row of the file with the same value makes a duplicate in the file; otherwise
   * the value was in the table already (a row this transaction did not add), and that row is named.
   */
  private async markDuplicates(tx: Db) {
    const unique = sql.identifier(this.kind.uniqueColumn!);
    const { importId } = this;
    const table = this.kind.table;
    // The planner must know how many rows arrived, or it joins them row by row (quadratic).
    await this.analyzeStaging(tx);
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
             or not exists (select 1 from ${table} t
                            where t.${unique} = s.value and t.xmin = pg_current_xact_id()::xid))`);
    await tx.execute(sql`
      update ${importStaging} s set target_id = t.id
      from ${table} t
      where s.import_id = ${importId} and s.reason = ${String(MSG.duplicateInDatabase)} and t.${unique} = s.value`);
  }
}

/** The embedded database: staged rows wait for `finish`, which moves them all in one transaction. */
function embeddedMover(db: Db, moves: StagedMoves): RowMover {
  const moveAll = (offered: number, careful: boolean) =>
    db.transaction(async (tx) => {
      await moves.moveRange(tx as unknown as Db, 0, null, careful, offered);
      return moves.settle(tx as unknown as Db, offered);
    });
  return {
    staged() {},
    async finish(offered) {
      try {
        return await moveAll(offered, false);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        moves.restart();
        return moveAll(offered, true);
      }
    },
    async abandon() {},
  };
}

/** PostgreSQL: each staged chunk is moved at once, in file order, while the next is read. */
async function pooledMover(pool: pg.Pool, moves: StagedMoves): Promise<RowMover> {
  // A connection outside the pool: held for the whole import, it must not leave the chunks' COPY (which
  // borrows pooled connections) waiting behind other imports holding theirs.
  const { client, close } = await ownTransaction(pool);
  const tx = drizzle(client) as unknown as Db;
  let movedUpTo = 0;
  let moving: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  /** A value checked as new was added meanwhile by another import: the rows are moved again, carefully. */
  let raced = false;
  return {
    staged(upTo) {
      const after = movedUpTo;
      movedUpTo = upTo;
      moving = moving.then(async () => {
        if (failure || raced) return;
        await moves.moveRange(tx, after, upTo).catch((error: unknown) => {
          if (isUniqueViolation(error)) raced = true;
          else failure = error;
        });
      });
    },
    async finish(offered) {
      await moving;
      if (failure) throw failure;
      if (raced) {
        await client.query('rollback');
        await client.query('begin');
        moves.restart();
        await moves.moveRange(tx, 0, null, true);
      }
      const outcome = await moves.settle(tx, offered);
      await close('commit');
      return outcome;
    },
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
