// Types of chromium.mjs for the TypeScript that imports it (apps/web/playwright.config.ts).
export declare const chromiumPath: string;
export declare const chromiumFlags: readonly string[];
