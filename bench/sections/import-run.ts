/**
 * One phone-number import in a process of its own (bench/sections/import.ts starts it), so every size
 * starts from the same idle server: database opened, migrated, seeded and warmed up by a small import.
 * Prints one JSON line. Peak memory is the kernel's high-water mark of resident memory (VmHWM), reset
 * once idle: the embedded database runs long statements without yielding, which a timer would miss.
 */
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { driverOf, openDatabase, type Db } from '../../apps/api/src/db';
import { users } from '../../apps/api/src/db/schema';
import { seed } from '../../apps/api/src/db/seed';
import { boundHeapGrowth } from '../../apps/api/src/memory';
import { importList } from '../../apps/api/src/modules/imports/service';
import { openBenchDatabase, SERVER } from '../support';

const rows = Number(process.argv[2] ?? 200_000);
// The server's memory settings, as main.ts sets them.
boundHeapGrowth();

/** A CSV of `count` numbers from `first` on, produced on the fly so the file never sits in memory. */
function csvStream(count: number, first = 0) {
  return Readable.from(
    (function* () {
      yield 'number,name\n';
      for (let i = 0; i < count;) {
        const lines: string[] = [];
        for (let j = 0; j < 1_000 && i < count; j += 1, i += 1)
          lines.push(`08${String(1_000_000_000 + first + i)},"Kontak ${first + i}"`);
        yield `${lines.join('\n')}\n`;
      }
    })(),
  );
}

/**
 * The floor of an import: the rows the import added (the same numbers as stored, the same names, the
 * same columns its copy fills), copied into the same table, emptied first, by one plain COPY: no file
 * to read, no number to check, nothing skipped, no look-up of existing rows.
 */
async function plainCopySeconds(db: Db, count: number) {
  await db.execute(sql`truncate phone_numbers`);
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) lines.push(`628${1_000_000_000 + i}\tKontak ${i}\t\\N\t\\N\t\\N\n`);
  const text = lines.join('');
  const copyInto = 'COPY phone_numbers (number, name, consent_source, consent_at, consent_note)';
  const driver = driverOf(db);
  const started = performance.now();
  if (driver.kind === 'pglite') {
    await driver.client.query(`${copyInto} FROM '/dev/blob'`, [], { blob: new Blob([text]) });
  } else {
    const client = await driver.pool.connect();
    try {
      const copy = client.query(copyFrom(`${copyInto} FROM STDIN`));
      await pipeline(Readable.from([text]), copy);
    } finally {
      client.release();
    }
  }
  return (performance.now() - started) / 1000;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const status = () => readFileSync('/proc/self/status', 'utf8');
const kbOf = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())?.[1] ?? 0) * 1024;
/**
 * CPU time spent by the whole machine (every process: the database server's too), in seconds. The
 * kernel counts it in ticks of 1/100 s; idle and I/O wait are left out.
 */
const machineCpuSeconds = () => {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  return ticks.map(Number).reduce((sum, value, i) => (i === 3 || i === 4 ? sum : sum + value), 0) / 100;
};
const resetPeak = () => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Without it the high-water mark covers start-up too; the figure is then an upper bound.
  }
};

// The embedded database lives in a folder, as a server's does (an in-memory one would hold every row in RAM).
const folder = SERVER ? null : mkdtempSync(join(tmpdir(), 'blaster-bench-import-'));
const database = folder ? await openDatabase({ dataDir: folder }) : await openBenchDatabase();
await seed(database.db, { email: 'bench@blaster.local', password: 'bench-password' });
const [admin] = await database.db.select().from(users).where(eq(users.email, 'bench@blaster.local'));
const upload = (count: number, first: number) => ({
  stream: csvStream(count, first),
  extension: 'csv',
  truncated: () => false,
});
await importList(database.db, 'phone_numbers', upload(2_000, 50_000_000), admin!.id);
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 500));
const idleRss = process.memoryUsage().rss;
resetPeak();
let peakHeap = process.memoryUsage().heapUsed;
const heapTimer = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 25);

const started = performance.now();
const cpuBefore = process.cpuUsage();
const machineBefore = machineCpuSeconds();
const answer = await importList(database.db, 'phone_numbers', upload(rows, 0), admin!.id);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const machineCpu = machineCpuSeconds() - machineBefore;
clearInterval(heapTimer);
const peakRss = Math.max(kbOf('VmHWM'), process.memoryUsage().rss);
const copySeconds = await plainCopySeconds(database.db, rows);
await database.close();
if (folder) rmSync(folder, { recursive: true, force: true });

console.log(
  JSON.stringify({
    rows,
    created: answer.createdCount,
    skipped: answer.skippedCount,
    seconds: Number(seconds.toFixed(2)),
    rowsPerSecond: Math.round(rows / seconds),
    /** CPU time of this process (the embedded database's included; a PostgreSQL server's not). */
    cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
    /** CPU time of the whole machine meanwhile: this process, the database server and the rest. */
    machineCpuSeconds: Number(machineCpu.toFixed(2)),
    idleRssMb: mb(idleRss),
    peakRssMb: mb(peakRss),
    /** What the import adds to the idle server's memory (the embedded database's included). */
    rssAboveIdleMb: mb(peakRss - idleRss),
    peakHeapMb: mb(peakHeap),
    /** The same rows by a plain COPY into the emptied table, with its indexes and triggers. */
    plainCopySeconds: Number(copySeconds.toFixed(2)),
    plainCopyRowsPerSecond: Math.round(rows / copySeconds),
    /** The import's rate as a share of the plain COPY's (goal >= 0.6). */
    shareOfPlainCopy: Number((copySeconds / seconds).toFixed(2)),
  }),
);
process.exit(0);
