import { describe, expect, it } from 'vitest';
import { appRoutes, serverRendering } from './router';
import { screenModules } from './screen-modules';

describe('screenModules', () => {
  it('names, for every lazy screen the server renders, the module it is in', async () => {
    const rendered = appRoutes.filter((route) => 'ssr' in route && route.ssr);
    for (const route of rendered) {
      if (route.id === 'services') continue; // part of the entry
      const module = screenModules[route.id];
      expect(module, route.id).toMatch(/^src\//);
      const decision = serverRendering(route.path ?? '/');
      if (decision.kind !== 'page') continue;
      const screen = await decision.screens.at(-1)?.screen();
      const loaded = (await import(/* @vite-ignore */ `../${module?.slice('src/'.length)}`)) as Record<
        string,
        unknown
      >;
      expect(Object.values(loaded), route.id).toContain(screen);
    }
  });
});
