/**
 * `npm run bench`: measured figures, printed as one JSON summary and written to bench/results.json.
 * Everything runs in this process against an embedded database; nothing leaves the machine.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { openDatabase } from '../apps/api/src/db';
import { seed } from '../apps/api/src/db/seed';
import { importPhoneNumbers } from '../apps/api/src/modules/phonenumber/import';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);

/** A CSV of `rows` numbers produced on the fly, so the file itself never sits in memory. */
function csvStream(rows: number) {
  let i = 0;
  return Readable.from(
    (function* () {
      yield 'number,name\n';
      while (i < rows) {
        const lines: string[] = [];
        for (let j = 0; j < 1_000 && i < rows; j += 1, i += 1)
          lines.push(`08${String(1_000_000_000 + i)},"Kontak ${i}"`);
        yield `${lines.join('\n')}\n`;
      }
    })(),
  );
}

async function phoneNumberImport() {
  const database = await openDatabase({});
  await seed(database.db, { email: 'bench@blaster.local', password: 'bench-password' });
  let peak = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const baseline = peak;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 25);
  const started = performance.now();
  const answer = await importPhoneNumbers(database.db, {
    stream: csvStream(ROWS),
    extension: 'csv',
    truncated: () => false,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await database.close();
  return {
    rows: ROWS,
    created: answer.createdCount,
    skipped: answer.skippedCount,
    seconds: Number(seconds.toFixed(2)),
    rowsPerSecond: Math.round(ROWS / seconds),
    peakRssMb: Math.round(peak / 1024 / 1024),
    rssGrowthMb: Math.round((peak - baseline) / 1024 / 1024),
    /** JavaScript heap: what the import itself holds (the embedded database lives outside it). */
    peakHeapMb: Math.round(peakHeap / 1024 / 1024),
  };
}

const results = {
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  date: new Date().toISOString(),
  phoneNumberImport: await phoneNumberImport(),
};
writeFileSync(resolve(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results));
