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
      unstubGlobals: true,
    },
  }),
);
