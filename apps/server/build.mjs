// Bundles the server into dist/main.js and the `portal` command line into dist/cli.js (and the
// thread that reads OpenAPI documents into dist/openapi-reader.worker.js).
// Dependencies stay in node_modules; only our workspace packages (the contract, written in
// TypeScript) are bundled in. An argument names another folder (tests build a private copy;
// it must lie inside the repository, so that node_modules is found from there).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

const outdir = process.argv[2] ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  // The OpenAPI reader's thread sits beside the entries (modules/service-api/openapi-reader.ts).
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    'openapi-reader.worker': 'src/modules/service-api/openapi-reader.worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync('../../packages/translations/texts', `${outdir}/translations`, { recursive: true });
