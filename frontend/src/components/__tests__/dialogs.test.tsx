import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/apiError';
import { RequestFailure } from '@/lib/request';
import { AccountFields } from '../AccountFields';
import { ReasonDialog } from '../ReasonDialog';
import { byText, click, render, type } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement;

describe('ReasonDialog', () => {
  it('asks for a required reason before calling, then sends it trimmed and closes', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    const view = await render(<ReasonDialog open title="冻结商户" confirmLabel="冻结" reasonRequired danger onClose={onClose} onConfirm={onConfirm} />);
    cleanup = view.unmount;
    await click(byText(dialog(), 'button', '冻结'));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(dialog().textContent).toContain('请填写原因');
    await type(dialog().querySelector('textarea')!, '  资料待核实 ');
    await click(byText(dialog(), 'button', '冻结'));
    expect(onConfirm).toHaveBeenCalledWith('资料待核实', undefined);
    expect(onClose).toHaveBeenCalled();
  });

  it('with preset reasons, needs a choice and shows the server refusal inside', async () => {
    const failure = new ApiError(new RequestFailure(409, '状态已变化', null));
    const onConfirm = vi.fn().mockRejectedValue(failure);
    const onClose = vi.fn();
    const choices = [{ value: 'prohibited', label: '违禁商品' }, { value: 'other', label: '其他原因', needsText: true }];
    const view = await render(<ReasonDialog open title="强制下架" confirmLabel="确认下架" reasonRequired choices={choices} onClose={onClose} onConfirm={onConfirm} />);
    cleanup = view.unmount;
    await click(byText(dialog(), 'button', '确认下架'));
    expect(dialog().textContent).toContain('请选择原因');
    await click(dialog().querySelector('input[value="prohibited"]'));
    await click(byText(dialog(), 'button', '确认下架'));
    expect(onConfirm).toHaveBeenCalledWith('', 'prohibited');
    expect(dialog().querySelector('[role="alert"]')!.textContent).toContain('状态已变化');
    expect(onClose).not.toHaveBeenCalled();
  });
});

function AccountForm({ withCredentials }: { withCredentials: boolean }) {
  const { register } = useForm({ defaultValues: { owner_username: '', owner_password: '', owner_name: '', owner_phone: '' } });
  return <AccountFields withCredentials={withCredentials} register={(field) => register(`owner_${field}`)} labels={{ username: '店主用户名' }} errors={{ phone: '手机号格式不对' }} />;
}

describe('AccountFields', () => {
  it('renders the account fields with their labels, errors and the form names given', async () => {
    const view = await render(<AccountForm withCredentials />);
    cleanup = view.unmount;
    const labels = [...view.container.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual(['店主用户名', '初始密码', '姓名', '手机号']);
    expect(view.container.querySelector('input[type="password"]')!.getAttribute('name')).toBe('owner_password');
    expect(view.container.textContent).toContain('手机号格式不对');
  });

  it('leaves username and password out when editing', async () => {
    const view = await render(<AccountForm withCredentials={false} />);
    cleanup = view.unmount;
    expect(view.container.querySelectorAll('input')).toHaveLength(2);
  });
});
