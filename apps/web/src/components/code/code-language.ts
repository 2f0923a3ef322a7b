// Apart from highlight.ts, so that the highlighter itself stays in its lazily loaded chunk.

export type CodeLanguage = 'html' | 'javascript' | 'php';

/** The API's code type ('html', 'javascript', …) → the highlighter's language. */
export function toCodeLanguage(type: string | null | undefined): CodeLanguage {
  const value = (type ?? '').toLowerCase();
  if (value === 'html' || value === 'xml') return 'html';
  if (value === 'php') return 'php';
  return 'javascript';
}
