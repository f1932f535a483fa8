import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, click, render, until, withQueryClient } from '@/components/__tests__/render';
import { ApiError } from '@/lib/apiError';
import { strictPost, usePost } from '../writes';

const notices = vi.hoisted(() => [] as unknown[]);
vi.mock('@/lib/notice', async (original) => (await import('@/components/__tests__/mocks')).noticeMock(notices, await original()));

afterEach(() => {
  notices.length = 0;
});

const PATH = '/api/backend/createSupplier';
const SUPPLIER = { name: 'Acme', contact: '', phone: '', note: '' };

describe('strictPost', () => {
  it('posts its variables as the body and answers the data', async () => {
    const fetchMock = vi.fn(async () => answer({ id: 7, name: 'Acme' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(strictPost(PATH)(SUPPLIER)).resolves.toEqual({ id: 7, name: 'Acme' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain(PATH);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(SUPPLIER);
  });

  it('throws a refusal as an ApiError with the server words, with no notice of the request layer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(null, 409, '供应商已存在')));
    const error = await strictPost(PATH)(SUPPLIER).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(409);
    expect((error as ApiError).message).toBe('供应商已存在');
    expect(notices).toEqual([]);
  });
});

/** A form's save button: what the mutation says after a press, and what followed a success. */
function SaveSupplier({ onSaved }: { onSaved: (id: number, name: string) => void }) {
  const save = usePost(PATH, { onSuccess: (saved, body) => onSaved(saved.id, body.name) });
  return (
    <>
      <p>{save.isError ? save.error.message : save.isSuccess ? 'saved' : 'idle'}</p>
      <button onClick={() => save.mutate(SUPPLIER)}>save</button>
    </>
  );
}

describe('usePost', () => {
  it('runs what follows a success with the answer and the body', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ id: 7, name: 'Acme' })));
    const onSaved = vi.fn();
    const view = await render(withQueryClient(<SaveSupplier onSaved={onSaved} />));
    await click(view.container.querySelector('button'));
    await until(() => view.container.querySelector('p')!.textContent === 'saved');
    expect(onSaved).toHaveBeenCalledWith(7, 'Acme');
    await view.unmount();
  });

  it('leaves a refusal to the screen: its error, no success, no notice', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(null, 409, '供应商已存在')));
    const onSaved = vi.fn();
    const view = await render(withQueryClient(<SaveSupplier onSaved={onSaved} />));
    await click(view.container.querySelector('button'));
    await until(() => view.container.querySelector('p')!.textContent === '供应商已存在');
    expect(onSaved).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
    await view.unmount();
  });
});
