// Bundles the API and the contract it imports as TypeScript into dist/main.js, run with plain node.
// Packages from node_modules stay outside the bundle (native addons, wasm files found next to them).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies)
  .filter((name) => name !== '@blaster/contract')
  .flatMap((name) => [name, `${name}/*`]);

const { outputFiles } = await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  write: false,
});
// Each file is written whole under a temporary name, then renamed: a server started while another
// build runs (test runs side by side) reads the old bundle or the new one, never half of one.
for (const file of outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
