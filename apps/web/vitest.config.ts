import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Vitest reads a default export. Same aliases and defines as the app (merged from vite.config).
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      root: fileURLToPath(new URL('.', import.meta.url)),
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup-tests.ts'],
      restoreMocks: true,
      // jsdom renders are slow on a busy 2-core machine; a timeout is not what these tests check.
      testTimeout: 15_000,
      unstubGlobals: true,
    },
  }),
);
