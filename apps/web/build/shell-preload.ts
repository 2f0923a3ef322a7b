import type { Plugin } from 'vite';

/**
 * index.html, the app's shell for the screens rendered in the browser, preloads the chunk of
 * app/on-demand.ts: every such screen is imported through it, so it loads beside the entry
 * instead of after it. Pages the server renders drop this link and name their own chunks
 * (docs/performance.md#first-load-javascript); /services needs none.
 */
export function shellPreload(): Plugin {
  return {
    name: 'portal-shell-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/app/on-demand.ts'),
        );
        if (!chunk) throw new Error('shell-preload: no chunk for src/app/on-demand.ts');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
