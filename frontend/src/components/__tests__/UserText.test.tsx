import { useTranslations } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { Fact } from '../DetailSection';
import { FilterSelect } from '../filters/FilterBar';
import { HistoryList } from '../history/HistoryList';
import { StatusBadge } from '../StatusBadge';
import { SelectField } from '../ui/fields';
import { Truncate } from '../ui/Truncate';
import { UserText, userTag, withUserValues } from '../ui/UserText';
import { render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const marked = (container: ParentNode) => [...container.querySelectorAll('[data-user-text]')].map((element) => element.textContent);

describe('UserText and the marking of user data', () => {
  it('marks what a person typed with data-user-text', async () => {
    const view = await render(<p>备注：<UserText>call after 6 pm</UserText></p>);
    cleanup = view.unmount;
    const mark = view.container.querySelector('[data-user-text]')!;
    expect(mark.textContent).toBe('call after 6 pm');
    expect(mark.parentElement!.firstChild!.textContent).toBe('备注：');
  });

  it('Truncate marks its text as user data unless told it is the screen’s own', async () => {
    const view = await render(
      <div>
        <Truncate text="张三的店" />
        <Truncate text="Workbench" userText={false} />
      </div>,
    );
    cleanup = view.unmount;
    const spans = view.container.querySelectorAll('span');
    expect(spans[0]!.hasAttribute('data-user-text')).toBe(true);
    expect(spans[1]!.hasAttribute('data-user-text')).toBe(false);
  });

  it('userTag marks only the name inside a catalogue text', async () => {
    function Welcome() {
      const t = useTranslations('workbench');
      return <p>{t.rich('welcome', { name: 'Ada', user: userTag })}</p>;
    }
    const view = await render(<Welcome />);
    cleanup = view.unmount;
    expect(view.container.textContent).toBe('欢迎，Ada');
    expect(marked(view.container)).toEqual(['Ada']);
  });

  it('withUserValues marks the values it is given and keeps the words around them', async () => {
    const view = await render(<p>{withUserValues((v) => `由 ${v.before} 改为 ${v.after}（${v.before}）`, { before: '老店', after: 'New shop' })}</p>);
    cleanup = view.unmount;
    expect(view.container.textContent).toBe('由 老店 改为 New shop（老店）');
    expect(marked(view.container)).toEqual(['老店', 'New shop', '老店']);
  });

  it('marks the options that are records’ names, never the screen’s own “all”', async () => {
    const merchants = [{ id: 3, name: 'Acme 数码' }].map((item) => ({ value: String(item.id), label: item.name, userText: true }));
    const view = await render(
      <div>
        <FilterSelect label="商户" value="" options={[{ value: '', label: '全部商户' }, ...merchants]} onChange={() => undefined} />
        <SelectField label="子商户" options={[{ value: '', label: '请选择' }, { value: '1', label: '城东店', userText: true }]} />
      </div>,
    );
    cleanup = view.unmount;
    expect(marked(view.container)).toEqual(['Acme 数码', '城东店']);
    expect([...view.container.querySelectorAll('option:not([data-user-text])')].map((option) => option.textContent)).toEqual(['全部商户', '请选择']);
  });

  it('a badge and a fact mark their value only when told it is user data', async () => {
    const view = await render(
      <dl>
        <StatusBadge tone="sky" userText>
          保险
        </StatusBadge>
        <StatusBadge tone="green">正常</StatusBadge>
        <Fact label="联系人" userText>
          李四
        </Fact>
        <Fact label="地址" userText>
          {''}
        </Fact>
        <Fact label="状态">正常</Fact>
      </dl>,
    );
    cleanup = view.unmount;
    expect(marked(view.container)).toEqual(['保险', '李四']);
  });

  it('a history entry marks who acted, a reason they wrote and what they typed, not the catalogue’s values', async () => {
    const entries = [
      { id: 1, actor: '平台管理员', action: 'merchant.update', before: { name: '老街', status: 'active' }, after: { name: '老街数码', status: 'frozen' }, reason: '商户申请', created_at: '2026-05-01T10:20:00+08:00' },
      { id: 2, actor: '', action: 'merchant.create', before: null, after: { slug: 'laojie' }, reason: 'onboarded', created_at: '2026-05-01T10:00:00+08:00' },
    ];
    const view = await render(<HistoryList entries={entries} label="操作记录" />);
    cleanup = view.unmount;
    expect(view.container.textContent).toContain('名称 由 老街 改为 老街数码');
    expect(view.container.textContent).toContain('状态 由 正常 改为 冻结');
    expect(view.container.textContent).toContain('操作人：系统');
    expect(view.container.textContent).toContain('开通商户时设定');
    expect(marked(view.container)).toEqual(['平台管理员', '商户申请', '老街', '老街数码', 'laojie']);
  });
});
