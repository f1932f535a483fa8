import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, type, until, withQueryClient } from '@/components/__tests__/render';
import { businessDay } from '@/lib/businessTime';
import { CreateHoldDialog, LiftSuppressionDialog } from '../HoldDialogs';
import { LegalHoldsSection } from '../LegalHoldsSection';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function mount(node: React.ReactNode, fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(node));
  cleanup = view.unmount;
  return view;
}

/** The control a label names (the dialog is in a portal: the whole document is searched). */
function field(label: string): HTMLInputElement {
  const found = byText(document, 'label', label);
  if (!found) throw new Error(`no field ${label}`);
  return document.getElementById(found.getAttribute('for') ?? '') as HTMLInputElement;
}

/** The error shown under the field a label names. */
function errorOf(label: string): string {
  const control = field(label);
  const described = control.getAttribute('aria-describedby');
  return (described && document.getElementById(described)?.textContent) || '';
}

const posted = (fetchMock: ReturnType<typeof vi.fn>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path)).map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe('CreateHoldDialog', () => {
  it('says by field what is missing and sends nothing', async () => {
    const fetchMock = vi.fn(async () => answer({ id: 1 }));
    await mount(<CreateHoldDialog open onClose={() => undefined} />, fetchMock);
    await click(byText(document, 'button', '登记'));
    expect(errorOf('客户编号')).toBe('必填');
    expect(errorOf('机关名称（如：杭州市西湖区人民法院）')).toBe('必填');
    expect(errorOf('文书编号（裁定书或函件文号）')).toBe('必填');
    expect(errorOf('保全事由')).toBe('必填');
    await type(field('客户编号'), 'abc');
    await type(field('文书编号（裁定书或函件文号）'), '号');
    expect(errorOf('客户编号')).toBe('请输入客户编号（数字）');
    expect(errorOf('文书编号（裁定书或函件文号）')).toBe('至少 2 个字');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('records the hold with the authority chosen, from today until lifted, and shows the server refusal beside its field', async () => {
    const fetchMock = vi.fn(async () => answer({ fields: { customer_id: ['没有该客户'] } }, 400, '参数错误'));
    const onClose = vi.fn();
    await mount(<CreateHoldDialog open onClose={onClose} />, fetchMock);
    await type(field('客户编号'), '42');
    const authority = field('机关类别') as unknown as HTMLSelectElement;
    await type(authority as unknown as HTMLInputElement, 'police');
    authority.dispatchEvent(new Event('change', { bubbles: true }));
    await type(field('机关名称（如：杭州市西湖区人民法院）'), '杭州市公安局西湖分局');
    await type(field('文书编号（裁定书或函件文号）'), '杭西公（刑）调证字〔2026〕167号');
    await type(field('保全事由'), '调取证据，请保存至案件办结');
    await click(byText(document, 'button', '登记'));
    await until(() => fetchMock.mock.calls.length === 1);
    expect(posted(fetchMock, '/createLegalHold')).toEqual([
      {
        customer_id: 42,
        authority: 'police',
        authority_name: '杭州市公安局西湖分局',
        reference: '杭西公（刑）调证字〔2026〕167号',
        reason: '调取证据，请保存至案件办结',
        starts_on: businessDay(),
        ends_on: null,
      },
    ]);
    await until(() => errorOf('客户编号') === '没有该客户');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('LiftSuppressionDialog', () => {
  it('checks the ID number and the phone before sending', async () => {
    const fetchMock = vi.fn(async () => answer({ lifted: 1 }));
    await mount(<LiftSuppressionDialog open onClose={() => undefined} />, fetchMock);
    await type(field('身份证号'), '1101011990');
    await type(field('手机号（选填，一并解除）'), '1234');
    await click(byText(document, 'button', '解除'));
    expect(errorOf('身份证号')).toBe('请输入 15 或 18 位身份证号');
    expect(errorOf('手机号（选填，一并解除）')).toBe('请输入 11 位手机号');
    expect(errorOf('同意说明（如何、何时重新同意）')).toBe('必填');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lifts with the verification and the consent, and closes', async () => {
    const fetchMock = vi.fn(async () => answer({ lifted: 2 }));
    const onClose = vi.fn();
    await mount(<LiftSuppressionDialog open onClose={onClose} />, fetchMock);
    await type(field('身份证号'), '11010119900101123x');
    await type(field('手机号（选填，一并解除）'), '13700000167');
    const verification = field('身份核验方式') as unknown as HTMLSelectElement;
    await type(verification as unknown as HTMLInputElement, 'face_check');
    verification.dispatchEvent(new Event('change', { bubbles: true }));
    await type(field('同意说明（如何、何时重新同意）'), '2026-11-30 到店签署书面同意');
    await click(byText(document, 'button', '解除'));
    await until(() => onClose.mock.calls.length === 1);
    expect(posted(fetchMock, '/liftSuppression')).toEqual([
      { id_number: '11010119900101123X', phone: '13700000167', verification: 'face_check', verification_note: '', reason: '2026-11-30 到店签署书面同意' },
    ]);
  });
});

describe('LegalHoldsSection actions', () => {
  const empty = () => vi.fn(async () => answer({ total: 0, page: 1, page_size: 20, list: [] }));

  it('opens the hold dialog from the section', async () => {
    await mount(<LegalHoldsSection />, empty());
    await click(byText(document, 'button', '登记依法保全'));
    await settle();
    expect(byText(document, 'label', '客户编号')).toBeTruthy();
  });

  it('disables recording a hold without the right, saying why', async () => {
    await mount(<LegalHoldsSection canManage={false} />, empty());
    const button = byText(document, 'button', '登记依法保全') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.body.textContent).toContain('需有「处理个人信息请求」权限才能登记或解除保全');
  });
});
