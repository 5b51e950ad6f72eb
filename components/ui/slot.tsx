import * as React from 'react';

type AnyProps = Record<string, unknown>;

function composeRefs<T>(...refs: (React.Ref<T> | undefined)[]): React.RefCallback<T> {
  return (node) => {
    const cleanups = refs.map((ref) => {
      if (typeof ref === 'function') return ref(node);
      if (ref) (ref as React.RefObject<T | null>).current = node;
      return undefined;
    });
    return () => {
      refs.forEach((ref, i) => {
        const cleanup = cleanups[i];
        if (typeof cleanup === 'function') cleanup();
        else if (typeof ref === 'function') ref(null);
        else if (ref) (ref as React.RefObject<T | null>).current = null;
      });
    };
  };
}

/** The slot's props under the child's: handlers both run (the child's first), classes and styles combine. */
export function mergeSlotProps(slotProps: AnyProps, childProps: AnyProps): AnyProps {
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result: unknown = childValue(...args);
        slotValue(...args);
        return result;
      };
    } else if (name === 'style' && childValue) {
      merged.style = { ...(slotValue as object), ...(childValue as object) };
    } else if (name === 'className' && childValue) {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    }
  }
  return merged;
}

/**
 * Renders its only child with the slot's props merged in (the `asChild` pattern), like Radix's Slot, in the few
 * lines the console's own components need: the shell's buttons then load no Radix code. Radix's Slot measured
 * +1.2 kB on the data screens' first loads for issue 30, over its 1 kB bar (docs/measurements.md).
 */
export function Slot({
  children,
  ref,
  ...slotProps
}: { children?: React.ReactNode; ref?: React.Ref<HTMLElement> } & AnyProps) {
  // asChild takes exactly one element: anything else is a programming error, reported as React reports it.
  const child = React.Children.only(children) as React.ReactElement<AnyProps>;
  const childRef = child.props.ref as React.Ref<HTMLElement> | undefined;
  const props = mergeSlotProps(slotProps, child.props);
  if (ref || childRef) props.ref = ref && childRef ? composeRefs(ref, childRef) : (ref ?? childRef);
  return React.cloneElement(child, props);
}
