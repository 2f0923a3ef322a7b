import { config } from 'zod/v4/core';
import * as z from 'zod/v4';

// Every `import … from 'zod'` of the web build resolves to this module (vite.config.ts), so
// this runs before any schema exists. Zod compiles a faster object parser with
// `new Function` where the page allows eval, and it finds out by trying: under the portal's
// Content Security Policy (no 'unsafe-eval') that try is reported as a violation on every
// screen with a form. The forms never need the faster parser: jitless, and nothing is tried.
config({ jitless: true });

// 'zod/v4' is the same API as 'zod' (which is aliased here), under a name the alias leaves alone.
export * from 'zod/v4';
export { z, z as default };
