import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import type { Notarization } from '../../queries';
import { NotarySection } from '../NotarySection';


const HASH = 'a'.repeat(64);
const steps = (done: number): Notarization['steps'] =>
  ['customer', 'id_card', 'contract', 'submit', 'outcome'].map((step, index) => ({ step, done_at: index < done ? '2026-11-20T10:00:00+08:00' : null }));
const base: Notarization = {
  order_id: 7, status: 'contract_pushed', is_open: true, attempt: 1, case_reference: 'nt_123', steps: steps(3),
  evidence: [
    { name: 'id_card_front', sha256: 'b'.repeat(64), size: 2048, content_type: 'image/png' },
    { name: 'contract', sha256: 'c'.repeat(64), size: 40_000, content_type: 'application/pdf' },
  ],
  evidence_hash: HASH, contract_no: 'HT2026000101', certificate_no: '', failure_reason: '', cancel_reason: '', last_error: '',
  updated_at: '2026-11-20T10:00:00+08:00', history: [], actions: ['submit', 'cancel'],
};

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function show(notary: Notarization, fetchMock = vi.fn(async () => answer(null, 404, 'unexpected')), canConfigure = false) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<NotarySection notary={notary} orderId={7} canConfigure={canConfigure} />));
  cleanup = view.unmount;
  return view;
}

describe('NotarySection', () => {
  it('shows the state, the steps done, each part with its hash and the evidence hash', async () => {
    const view = await show(base);
    expect(view.container.textContent).toContain('已推送合同');
    expect(view.container.querySelectorAll('[data-done]')).toHaveLength(3);
    expect(view.container.querySelector('[data-evidence="contract"]')?.textContent).toContain('c'.repeat(64));
    expect(view.container.querySelector('[data-evidence-hash]')?.textContent).toBe(HASH);
    expect(byText(view.container, 'button', '提交公证')).toBeDefined();
    expect(byText(view.container, 'button', '撤销公证')).toBeDefined();
    expect(byText(view.container, 'button', '公证设置')).toBeUndefined();
  });

  it('submits the case with the order and explains a failure of the notary service in words', async () => {
    const fetchMock = vi.fn(async () => answer({ provider_code: 'SYSTEM_ERROR' }, 1012, '外部服务调用失败'));
    const view = await show(base, fetchMock);
    await click(byText(view.container, 'button', '提交公证'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    await settle();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/notarization/readyNotary');
    expect(JSON.parse(String(init.body))).toEqual({ order_id: 7 });
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('公证服务暂时未能处理');
    expect(view.container.textContent).not.toContain('SYSTEM_ERROR');
  });

  it('fetches the customer link and offers to copy it', async () => {
    const url = 'https://notary.sandbox.invalid/sign/nt_123?token=x';
    const fetchMock = vi.fn(async () => answer({ order_id: 7, url }));
    const view = await show({ ...base, status: 'submitted', steps: steps(4), actions: ['link', 'query', 'cancel'] }, fetchMock);
    await click(byText(view.container, 'button', '获取签署链接'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    await settle();
    expect(view.container.querySelector('[data-notary-link] a')?.getAttribute('href')).toBe(url);
    expect(byText(view.container, 'button', '复制链接')).toBeDefined();
  });

  it('says why a case failed and that notarization is off, without buttons the session may not use', async () => {
    const failed = await show({ ...base, status: 'failed', failure_reason: 'FACE_CHECK_FAILED', actions: [] });
    expect(failed.container.textContent).toContain('客户人脸核验未通过');
    expect(failed.container.querySelector('[role="group"]')).toBeNull();
    await cleanup();
    const closed = await show({ ...base, status: 'none', is_open: false, evidence: [], evidence_hash: '', steps: steps(0), actions: [] }, undefined, true);
    expect(closed.container.textContent).toContain('本店未开启合同公证');
    expect(byText(closed.container, 'button', '公证设置')).toBeDefined();
  });
});
