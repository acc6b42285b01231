// Writes the OpenAPI document generated from the endpoint table, for the linter and the client check.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../src/openapi';

const target = join(dirname(fileURLToPath(import.meta.url)), '..', '.generated', 'openapi.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
