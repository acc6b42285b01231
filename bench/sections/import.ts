import { Readable } from 'node:stream';
import { seed } from '../../apps/api/src/db/seed';
import { importPhoneNumbers } from '../../apps/api/src/modules/phonenumber/import';
import { memorySampler, openBenchDatabase } from '../support';

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

/** Phone-number import of ROWS generated CSV rows: rows/s and peak memory (the embedded database's too). */
export async function phoneNumberImport() {
  const database = await openBenchDatabase();
  await seed(database.db, { email: 'bench@blaster.local', password: 'bench-password' });
  const memory = memorySampler();
  const started = performance.now();
  const answer = await importPhoneNumbers(database.db, {
    stream: csvStream(ROWS),
    extension: 'csv',
    truncated: () => false,
  });
  const seconds = (performance.now() - started) / 1000;
  const used = memory.stop();
  await database.close();
  return {
    rows: ROWS,
    created: answer.createdCount,
    skipped: answer.skippedCount,
    seconds: Number(seconds.toFixed(2)),
    rowsPerSecond: Math.round(ROWS / seconds),
    /** peakHeapMb: what the import itself holds (the embedded database lives outside the heap). */
    ...used,
  };
}
