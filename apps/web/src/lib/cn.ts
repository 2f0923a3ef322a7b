import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Without tailwind-merge: component variants are written so that they never
 * set the same property twice, and a caller's className only adds (layout, spacing).
 */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
