// The chunk of app/on-demand.ts: the imports of everything loaded on first use. Server-rendered
// pages that need it name it in a <link rel="modulepreload"> (docs/performance.md#first-load-javascript).
export const onDemand = () => import('./on-demand');
