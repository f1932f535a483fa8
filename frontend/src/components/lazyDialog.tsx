'use client';

import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';

/**
 * A dialog loaded the first time it is shown (next/dynamic): while `shown(props)` is false it
 * renders nothing and loads nothing, so a screen's first load leaves out its dialogs and what
 * only they use (forms, zod schemas, Headless UI). Each call site passes its own
 * `() => import('…')`, which is what gives the dialog its own chunk.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, shown: (props: P) => boolean): ComponentType<P> {
  const Loaded = dynamic<P>(load, { ssr: false });
  function LazyDialog(props: P) {
    return shown(props) ? <Loaded {...props} /> : null;
  }
  return LazyDialog;
}
