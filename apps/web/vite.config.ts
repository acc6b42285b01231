import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import type { ChunkingContext } from 'rolldown';
import type * as Contract from '@blaster/contract';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|map)$/;

/**
 * Writes a .br and a .gz copy of every text file of the build, once, so the server sends them as they
 * are (its `preCompressed` option) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'blaster-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir).filter((name) => COMPRESSIBLE.test(name))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The panel calls endpoints by name and needs only their method, path and whether they are public. The
 * contract's table also holds every endpoint's schemas, and with them zod, which neither the sign-in page
 * nor the dashboards use: the table is read here, once per build, and only those fields reach the
 * bundle (`__ENDPOINT_ROUTES__`, read in src/lib/api.ts).
 */
function endpointRoutes(): Plugin {
  return {
    name: 'blaster-endpoint-routes',
    async config() {
      const { module } = await runnerImport<typeof Contract>('@blaster/contract', {
        root: import.meta.dirname,
        configFile: false,
        logLevel: 'silent',
      });
      const routes = Object.fromEntries(
        Object.entries(module.ENDPOINTS).map(([name, { method, path, access }]) => [
          name,
          { method, path, auth: access !== 'public' },
        ]),
      );
      return { define: { __ENDPOINT_ROUTES__: JSON.stringify(routes) } };
    },
  };
}

const FRAMEWORK = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie)[\\/]/;
const PANEL_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/**
 * The panel's own modules that the entry imports statically (what the sign-in page runs) go into one
 * chunk, instead of a dozen small ones that each cost a request and compress worse. Modules that only
 * lazily loaded screens import are left to the automatic split.
 */
function signInChunk() {
  const entry = resolve(import.meta.dirname, 'src/main.tsx');
  let members: Set<string> | undefined;
  const staticClosure = (ctx: ChunkingContext) => {
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id) || !PANEL_SOURCE.test(id)) return;
      found.add(id);
      ctx.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    visit(entry);
    return found;
  };
  return (id: string, ctx: ChunkingContext) => {
    members ??= staticClosure(ctx);
    return members.has(id) ? 'sign-in' : null;
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), endpointRoutes()],
  server: {
    port: 5173,
    proxy: {
      // ws: the realtime socket lives under /api too (REALTIME_PATH). changeOrigin stays off: the API
      // refuses cookie requests and sockets whose Origin is not the Host they were sent to, and the
      // browser's Host (localhost:5173) is what its Origin names.
      '/api': { target: 'http://localhost:3000', ws: true },
      '/uploads': 'http://localhost:3000',
    },
  },
  build: {
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router: every page needs them, and they change only on upgrades.
            { name: 'framework', test: FRAMEWORK },
            { name: signInChunk() },
          ],
        },
      },
    },
  },
});
