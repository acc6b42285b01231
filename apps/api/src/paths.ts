import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/api folder. This module sits one level below it both as source (src/paths.ts) and once
 * bundled into dist/main.js, so the same relative address works when run either way.
 */
export const apiRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = resolve(apiRoot, '../..');
export const migrationsFolder = resolve(apiRoot, 'drizzle');
