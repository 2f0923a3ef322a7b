import { lazy, Suspense, type ComponentProps } from 'react';
import type { CodeLanguage } from './code-language';

const HighlightedCode = lazy(() =>
  import('./highlighted-code').then((m) => ({ default: m.HighlightedCode })),
);

/**
 * Code in a <pre>, highlighted: the highlighter loads on demand, until then the same text shows
 * plain. Focusable, so keyboard users can scroll long lines; the caller gives the surface its look.
 */
export function CodeSurface({
  code,
  language,
  ...pre
}: { code: string; language: CodeLanguage } & Omit<ComponentProps<'pre'>, 'children'>) {
  return (
    <pre tabIndex={0} {...pre}>
      <code>
        <Suspense fallback={code}>
          <HighlightedCode code={code} language={language} />
        </Suspense>
      </code>
    </pre>
  );
}
