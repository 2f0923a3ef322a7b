import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from 'react';

type Props = Record<string, unknown>;

function composeRefs<T>(...refs: Array<Ref<T> | undefined>): (node: T | null) => void {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Renders its only child with the given props merged in, like Radix' Slot: the child's props
 * win, except that class names are joined, styles merged, event handlers both run (the child's
 * first) and refs both receive the node. Our own because Button and Field are on the first
 * paint, and Radix' Slot with its helpers weighs about 1.5 KB gzip of the first-load budget.
 */
export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Props>;
  const childProps = child.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const [key, ours] of Object.entries(slotProps)) {
    const theirs = childProps[key];
    if (theirs === undefined) continue;
    if (key === 'className')
      merged[key] = [ours, theirs].filter((value) => typeof value === 'string').join(' ');
    else if (key === 'style') merged[key] = { ...(ours as object), ...(theirs as object) };
    else if (key === 'ref') merged[key] = composeRefs(ours as Ref<unknown>, theirs as Ref<unknown>);
    else if (/^on[A-Z]/.test(key) && typeof ours === 'function' && typeof theirs === 'function') {
      merged[key] = (...args: unknown[]) => {
        (theirs as (...a: unknown[]) => unknown)(...args);
        (ours as (...a: unknown[]) => unknown)(...args);
      };
    }
  }
  return cloneElement(child, merged);
}
