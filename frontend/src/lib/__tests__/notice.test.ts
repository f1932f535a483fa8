import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissNotice, getNotices, notify, resetNotices, subscribeNotices } from '../notice';

afterEach(() => resetNotices());

describe('notices', () => {
  it('adds and dismisses notices and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeNotices(listener);
    const id = notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: 'bad' } });
    expect(getNotices()).toHaveLength(1);
    expect(getNotices()[0]).toMatchObject({ id, kind: 'warning', durationMs: 5000 });
    dismissNotice(id);
    expect(getNotices()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('shows the same notice once when raised repeatedly within a moment', () => {
    notify({ kind: 'error', message: { raw: 'x' } }, 1000);
    expect(notify({ kind: 'error', message: { raw: 'x' } }, 1500)).toBe(0);
    expect(notify({ kind: 'error', message: { raw: 'y' } }, 1500)).toBeGreaterThan(0);
    expect(notify({ kind: 'error', message: { raw: 'x' } }, 4000)).toBeGreaterThan(0);
    expect(getNotices()).toHaveLength(3);
  });
});
