import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionOffer, refusedActions, type ReviewAction } from '../review/reviewActions';
import { ReviewActionButton } from '../review/ReviewActionButton';
import { ReviewRefusals } from '../review/ReviewRefusals';
import { render } from './render';

const SAME_APPROVER = '该提现需要另一位财务人员复核';
const ACTIONS: ReviewAction[] = [
  { action: 'approve', allowed: false, reason_code: 'same_approver', reason: SAME_APPROVER },
  { action: 'reject', allowed: true, reason_code: '', reason: '' },
  { action: 'cancel', allowed: false, reason_code: 'status', reason: '当前状态「已驳回」不允许此操作' },
];

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('a reviewed request’s actions, as the server offers them', () => {
  it('shows an allowed action, disables one this person may not take with the reason, hides one the state admits no more', () => {
    expect(actionOffer(ACTIONS, 'reject')).toEqual({ shown: true, allowed: true });
    expect(actionOffer(ACTIONS, 'approve')).toEqual({ shown: true, allowed: false, reason: SAME_APPROVER });
    expect(actionOffer(ACTIONS, 'cancel')).toEqual({ shown: false });
    expect(actionOffer(ACTIONS, 'unknown')).toEqual({ shown: false }); // not this side's
    expect(actionOffer(undefined, 'approve')).toEqual({ shown: false });
    expect(refusedActions(ACTIONS).map((action) => action.action)).toEqual(['approve']);
  });

  it('renders the refused action disabled, its reason the tooltip and the description, and never calls it', async () => {
    const onClick = vi.fn();
    const view = await render(
      <div>
        <ReviewActionButton variant="link" actions={ACTIONS} name="approve" aria-label="通过提现 W1" onClick={onClick}>
          通过
        </ReviewActionButton>
        <ReviewActionButton variant="link" actions={ACTIONS} name="reject" aria-label="驳回提现 W1" onClick={onClick}>
          驳回
        </ReviewActionButton>
        <ReviewActionButton variant="link" actions={ACTIONS} name="cancel" aria-label="取消提现 W1" onClick={onClick}>
          取消
        </ReviewActionButton>
      </div>,
    );
    cleanup = view.unmount;
    const approve = view.container.querySelector<HTMLButtonElement>('[aria-label="通过提现 W1"]')!;
    expect([approve.disabled, approve.title]).toEqual([true, SAME_APPROVER]);
    expect(document.getElementById(approve.getAttribute('aria-describedby')!)?.textContent).toBe(SAME_APPROVER);
    await act(async () => approve.click());
    expect(onClick).not.toHaveBeenCalled();
    const reject = view.container.querySelector<HTMLButtonElement>('[aria-label="驳回提现 W1"]')!;
    expect([reject.disabled, reject.title]).toEqual([false, '']);
    await act(async () => reject.click());
    expect(onClick).toHaveBeenCalledOnce();
    expect(view.container.querySelector('[aria-label="取消提现 W1"]')).toBeNull();
  });

  it('lists in the detail what this person cannot do and why, in the catalogue’s words', async () => {
    const view = await render(<ReviewRefusals id="refusals" actions={ACTIONS} label={(action) => (action === 'approve' ? '通过' : action)} />);
    cleanup = view.unmount;
    expect(view.container.textContent).toContain('暂不能执行的操作');
    expect([...view.container.querySelectorAll('li')].map((item) => item.textContent)).toEqual([`通过：${SAME_APPROVER}`]);
    await view.rerender(<ReviewRefusals id="refusals" actions={ACTIONS.slice(1)} label={(action) => action} />);
    expect(view.container.textContent).toBe('');
  });
});
