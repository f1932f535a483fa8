import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useClientValue } from '../useClientValue';

function Probe() {
  const value = useClientValue(() => 'browser');
  return <span>{value ?? 'server'}</span>;
}

describe('useClientValue', () => {
  it('is null on the server and the value in the browser', async () => {
    expect(renderToString(<Probe />)).toContain('server');
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Probe />));
    expect(container.textContent).toBe('browser');
    await act(async () => root.unmount());
  });
});
