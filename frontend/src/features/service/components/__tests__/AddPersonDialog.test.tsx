import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import { AddPersonDialog } from '../AddPersonDialog';


function backend(code = 200) {
  return vi.fn(async (url: string) => {
    if (url.includes('/api/backend/setCustomerBlacklist')) return code === 200 ? answer({ id: 1, status: 'active' }) : answer({ from: 'active', to: 'active' }, code, '该客户已在黑名单中');
    return answer(null, 404, `unexpected ${url}`);
  });
}

async function type(label: string, value: string) {
  const field = [...document.body.querySelectorAll('label')].find((element) => element.textContent === label);
  const input = document.getElementById(field?.getAttribute('for') ?? '') as HTMLInputElement | HTMLTextAreaElement;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const posted = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url]) => String(url).includes('setCustomerBlacklist')).map(([, init]) => JSON.parse(String((init as RequestInit).body)));

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function open(fetchMock: ReturnType<typeof vi.fn>, onClose = () => undefined) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<AddPersonDialog open onClose={onClose} />));
  cleanup = view.unmount;
  await settle();
}

describe('AddPersonDialog', () => {
  it('checks the ID number, phone and reason before asking the server', async () => {
    const fetchMock = backend();
    await open(fetchMock);
    await type('身份证号', '1234');
    await type('手机号（选填）', '555');
    await click(byText(document.body, 'button', '加入黑名单'));
    expect(document.body.textContent).toContain('请填写 18 位身份证号');
    expect(document.body.textContent).toContain('请填写 11 位手机号');
    expect(document.body.textContent).toContain('必填');
    expect(posted(fetchMock)).toHaveLength(0);
  });

  it('sends the person and the reason, and closes once listed', async () => {
    const fetchMock = backend();
    const closed = vi.fn();
    await open(fetchMock, closed);
    await type('姓名（选填）', '李四');
    await type('身份证号', '11010119900307451x');
    await type('原因', '冒用他人身份');
    await click(byText(document.body, 'button', '加入黑名单'));
    await settle();
    expect(posted(fetchMock)).toEqual([{ name: '李四', id_number: '11010119900307451x', phone: '', reason: '冒用他人身份' }]);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('says so when the person is already listed and stays open', async () => {
    const fetchMock = backend(409);
    const closed = vi.fn();
    await open(fetchMock, closed);
    await type('身份证号', '11010119900307451X');
    await type('原因', '重复');
    await click(byText(document.body, 'button', '加入黑名单'));
    await settle();
    expect(document.body.textContent).toContain('此人已在黑名单中');
    expect(closed).not.toHaveBeenCalled();
  });
});
