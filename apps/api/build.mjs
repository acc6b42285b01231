// Bundles the API and the contract it imports as TypeScript into dist/main.js, run with plain node.
// Packages from node_modules stay outside the bundle (native addons, wasm files found next to them).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies)
  .filter((name) => name !== '@blaster/contract')
  .flatMap((name) => [name, `${name}/*`]);

await build({
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
});
