import type { Message } from '@blaster/contract';
import type { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import type { RawRecord } from '../../lib/rows';
import type { StagedRow } from './staging';

/** The answer lists at most this many created rows (the count is exact). */
export const CREATED_LIST_LIMIT = 1_000;
/** The answer lists at most this many skipped rows; the count is exact. */
export const SKIPPED_LIST_LIMIT = 500;

export type ImportKindName = 'phone_numbers' | 'proxies' | 'message_templates';

/** A skipped row as staged, in file order; `targetId` is the row already in the table, if any. */
export interface SkippedRow {
  rowNo: number;
  value: string;
  name: string;
  status: string;
  reason: string;
  targetId: number | null;
}

/** The file an import takes: its size limit, its extensions and the text refusing any other type. */
export interface ImportUploadRules {
  maxBytes: number;
  extensions: readonly string[];
  typeError: Message;
}

/** What one kind of import brings to the shared pipeline. */
export interface ImportKind<Created, Skipped> {
  name: ImportKindName;
  table: PgTable;
  /** Read per request, so that the refusal is in the current wording. */
  upload(): ImportUploadRules;
  /** The answer's text once `createdCount` rows were added. */
  said(createdCount: number): Message | string;
  /** The table's unique column: a value already there, or earlier in the file, is skipped. */
  uniqueColumn?: string;
  /** The table's columns the import fills, and the expressions over import_staging that fill them. */
  columns: SQL;
  select: SQL;
  /**
   * On PostgreSQL, rows may be copied straight into the table (direct.ts) when the unique values are
   * numbers: the table's columns in COPY order, a row as a line of COPY text in that order (fields
   * escaped with `copyField`, ending in a newline), and the value as a positive safe integer that no
   * other value shares.
   */
  direct?: {
    columns: string[];
    line(row: StagedRow): string;
    key(value: string): number;
  };
  /** A reader for one file (it may read what it checks rows against from `db` first). */
  reader(db: Db): RecordReader | Promise<RecordReader>;
  /** A created row as the answer shows it (the table's row, column names as in the database). */
  presentCreated(row: Record<string, unknown>): Created;
  /** A skipped row as the answer and the download show it. */
  presentSkipped(row: SkippedRow): Skipped;
  /** The download of every skipped row: file names, a row as written, and the CSV's columns. */
  download: {
    csv: string;
    json: string;
    row(row: SkippedRow): Record<string, unknown>;
    columns: string[];
  };
}

/** Turns each record of one file into a staged row, or 'header' for a header line. */
export interface RecordReader {
  (record: RawRecord): StagedRow | 'header';
  /**
   * Runs once the whole file is read, before its rows are committed: what the rows bring besides
   * themselves (the field keys of phone numbers) is recorded then, so no committed row lacks it.
   */
  fileRead?(): Promise<void>;
}

/** Any kind, as the pipeline's shared steps see it. */
export type AnyImportKind = ImportKind<unknown, unknown>;

export interface ImportOutcome<Created, Skipped> {
  importId: number;
  created: Created[];
  createdCount: number;
  skipped: Skipped[];
  skippedCount: number;
}

export interface UploadedList {
  stream: Readable;
  extension: string;
  truncated(): boolean;
}
