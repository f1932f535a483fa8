'use client';

import { USER_TEXT, UserText } from '@/components/ui/UserText';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailError, DetailLoading, DetailSection } from '@/components/DetailSection';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { FormError } from '@/components/ui/FormError';
import { Input } from '@/components/ui/Input';
import { notify } from '@/components/ui/Notice';
import { Switch, TextAreaField } from '@/components/ui/fields';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { holdsIdNumber, isOneOf, moved, PLATFORM_TEMPLATE_CODES, unknownVariables, VARIABLE_NAMES } from '../lib/service';
import { useBaseInfo, useSaveBaseInfo, type BaseInfo } from '../queries';

interface NoticeDraft {
  key: string;
  title: string;
  content: string;
  is_visible: boolean;
}

interface TemplateDraft {
  key: string;
  id: number | null;
  name: string;
  content: string;
  is_active: boolean;
}

let drafts = 0;
const draftKey = () => `d${++drafts}`;

function draftsOf(info: BaseInfo) {
  return {
    phone: info.phone,
    hours: info.hours,
    online_url: info.online_url,
    notices: info.notices.map((n): NoticeDraft => ({ key: draftKey(), title: n.title, content: n.content, is_visible: n.is_visible })),
    templates: info.templates.filter((t) => !t.platform).map((t): TemplateDraft => ({ key: draftKey(), id: t.id ?? null, name: t.name, content: t.content, is_active: t.is_active })),
  };
}

type Form = ReturnType<typeof draftsOf>;

/** The server's field problems in the screen's words (it words them for developers). */
function localFieldErrors(fields: Record<string, string>, t: (key: 'badPhone' | 'badUrl' | 'templateRefused' | 'invalid') => string): Record<string, string> {
  return Object.fromEntries(
    Object.keys(fields).map((field) => [
      field,
      field === 'phone' ? t('badPhone') : field === 'online_url' ? t('badUrl') : field.startsWith('templates.') ? t('templateRefused') : t('invalid'),
    ]),
  );
}

/** /baseSet: the shop's customer-service settings, the notices customers see, its message templates. */
export function BaseSetScreen() {
  const t = useTranslations('service.baseSet');
  const info = useBaseInfo();
  if (info.isPending) return <DetailLoading />;
  if (info.isError) return <DetailError title={t('loadError')} onRetry={() => void info.refetch()} />;
  return <BaseSetForm info={info.data} />;
}

function BaseSetForm({ info }: { info: BaseInfo }) {
  const t = useTranslations('service.baseSet');
  const save = useSaveBaseInfo();
  const [form, setForm] = useState<Form>(() => draftsOf(info));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const known = info.variables.map((v) => v.name);
  const patch = (next: Partial<Form>) => setForm((current) => ({ ...current, ...next }));
  const setNotice = (index: number, next: Partial<NoticeDraft>) => patch({ notices: form.notices.map((n, i) => (i === index ? { ...n, ...next } : n)) });
  const setTemplate = (index: number, next: Partial<TemplateDraft>) => patch({ templates: form.templates.map((x, i) => (i === index ? { ...x, ...next } : x)) });

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    form.notices.forEach((n, i) => {
      if (!n.title.trim()) found[`notices.${i}.title`] = t('required');
      if (!n.content.trim()) found[`notices.${i}.content`] = t('required');
    });
    form.templates.forEach((x, i) => {
      if (!x.name.trim()) found[`templates.${i}.name`] = t('required');
      const unknown = unknownVariables(x.content, known);
      if (!x.content.trim()) found[`templates.${i}.content`] = t('required');
      else if (unknown.length > 0) found[`templates.${i}.content`] = t('unknownVariables', { names: unknown.join('、') });
      else if (holdsIdNumber(x.content)) found[`templates.${i}.content`] = t('noIdNumber');
    });
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync({
        phone: form.phone.trim(),
        hours: form.hours.trim(),
        online_url: form.online_url.trim(),
        notices: form.notices.map(({ title, content, is_visible }) => ({ title: title.trim(), content: content.trim(), is_visible })),
        templates: form.templates.map(({ id, name, content, is_active }) => ({ ...(id ? { id } : {}), name: name.trim(), content: content.trim(), is_active })),
      });
      setForm(draftsOf(saved));
      notify({ kind: 'success', message: { key: 'service.baseSet.saved' } });
    } catch (error) {
      const apiError = asApiError(error);
      const fields = apiError ? localFieldErrors(fieldErrorsOf(apiError), t) : {};
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? t('fixFields') : (apiError?.message ?? t('saveFailed')));
    }
  };

  const platformTemplates = info.templates.filter((x) => x.platform);
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button loading={save.isPending} onClick={() => void submit()}>
            {t('save')}
          </Button>
        }
      />
      <DetailSection id="service-contact" title={t('contact')}>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Input label={t('phone')} value={form.phone} maxLength={20} placeholder="400-800-1234" error={errors.phone} onChange={(e) => patch({ phone: e.target.value })} />
          <Input label={t('hours')} value={form.hours} maxLength={50} placeholder={t('hoursPlaceholder')} error={errors.hours} onChange={(e) => patch({ hours: e.target.value })} />
          <Input label={t('onlineUrl')} value={form.online_url} maxLength={255} placeholder="https://" error={errors.online_url} onChange={(e) => patch({ online_url: e.target.value })} />
        </div>
      </DetailSection>
      <DetailSection
        id="service-notices"
        title={t('notices')}
        actions={
          <Button variant="secondary" disabled={form.notices.length >= 20} onClick={() => patch({ notices: [...form.notices, { key: draftKey(), title: '', content: '', is_visible: true }] })}>
            {t('addNotice')}
          </Button>
        }
      >
        {form.notices.length === 0 ? (
          <EmptyState title={t('noNotices')} description={t('noticesHint')} />
        ) : (
          <ol className="flex flex-col gap-4">
            {form.notices.map((notice, index) => (
              <li key={notice.key} aria-label={t('noticeNumber', { n: index + 1 })} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-end gap-2">
                  <Input className="min-w-0 flex-1" label={t('noticeTitle')} value={notice.title} maxLength={50} error={errors[`notices.${index}.title`]} onChange={(e) => setNotice(index, { title: e.target.value })} />
                  <div className="flex items-center gap-2 pb-2 text-sm text-slate-700">
                    <Switch checked={notice.is_visible} label={t('noticeVisible', { n: index + 1 })} onChange={(next) => setNotice(index, { is_visible: next })} />
                    {notice.is_visible ? t('shown') : t('hidden')}
                  </div>
                </div>
                <TextAreaField {...USER_TEXT} label={t('noticeContent')} value={notice.content} maxLength={500} error={errors[`notices.${index}.content`]} onChange={(e) => setNotice(index, { content: e.target.value })} />
                <div className="flex gap-3">
                  <Button variant="link" disabled={index === 0} onClick={() => patch({ notices: moved(form.notices, index, -1) })}>
                    {t('up')}
                  </Button>
                  <Button variant="link" disabled={index === form.notices.length - 1} onClick={() => patch({ notices: moved(form.notices, index, 1) })}>
                    {t('down')}
                  </Button>
                  <Button variant="link" className="text-red-600 hover:text-red-700" onClick={() => patch({ notices: form.notices.filter((_, i) => i !== index) })}>
                    {t('remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </DetailSection>
      <DetailSection
        id="service-templates"
        title={t('templates')}
        actions={
          <Button variant="secondary" disabled={form.templates.length >= 30} onClick={() => patch({ templates: [...form.templates, { key: draftKey(), id: null, name: '', content: '', is_active: true }] })}>
            {t('addTemplate')}
          </Button>
        }
      >
        <p className="mb-3 text-sm text-slate-600">{t('variablesHint', { perHour: info.limits.per_hour, perDay: info.limits.per_day })}</p>
        <ul aria-label={t('variables')} className="mb-4 flex flex-wrap gap-1.5">
          {info.variables.map((v) => (
            <li key={v.name} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
              <code>{`{${v.name}}`}</code> {isOneOf(VARIABLE_NAMES, v.name) ? t(`variable.${v.name}`) : v.label}
            </li>
          ))}
        </ul>
        <h3 className="mb-2 text-sm font-medium text-slate-800">{t('platformTemplates')}</h3>
        <ul className="mb-4 flex flex-col gap-2">
          {platformTemplates.map((x) => (
            <li key={x.code} className="rounded-md bg-slate-50 px-3 py-2 text-sm">
              <p className="font-medium text-slate-800">{isOneOf(PLATFORM_TEMPLATE_CODES, x.code) ? t(`template.${x.code}`) : x.name}</p>
              {/* The text of the message the customer receives, in Chinese whatever the screen's language: marked as Chinese. */}
              <p lang="zh-CN" className="text-slate-600 [overflow-wrap:anywhere]">
                {x.content}
              </p>
            </li>
          ))}
        </ul>
        <h3 className="mb-2 text-sm font-medium text-slate-800">{t('ownTemplates')}</h3>
        {form.templates.length === 0 ? (
          <p className="text-sm text-slate-500">{t('noOwnTemplates')}</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {form.templates.map((x, index) => (
              <li key={x.key} aria-label={t('templateNumber', { n: index + 1 })} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-end gap-2">
                  <Input className="min-w-0 flex-1" label={t('templateName')} value={x.name} maxLength={30} error={errors[`templates.${index}.name`]} onChange={(e) => setTemplate(index, { name: e.target.value })} />
                  <div className="flex items-center gap-2 pb-2 text-sm text-slate-700">
                    <Switch checked={x.is_active} label={t('templateActive', { n: index + 1 })} onChange={(next) => setTemplate(index, { is_active: next })} />
                    {x.is_active ? t('active') : t('inactive')}
                  </div>
                </div>
                <TextAreaField
                  {...USER_TEXT}
                  label={t('templateContent')}
                  value={x.content}
                  maxLength={300}
                  error={errors[`templates.${index}.content`] ?? errors[`templates.${index}.id`]}
                  onChange={(e) => setTemplate(index, { content: e.target.value.replace(/\n/g, ' ') })}
                />
                <div>
                  <Button variant="link" className="text-red-600 hover:text-red-700" onClick={() => patch({ templates: form.templates.filter((_, i) => i !== index) })}>
                    {t('remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </DetailSection>
      <DetailSection id="service-address" title={t('afterSaleAddress')}>
        <p className="mb-3 text-sm text-slate-600">{t('addressHint')}</p>
        {info.return_addresses.length === 0 ? (
          <p className="text-sm text-slate-500">{t('noAddress')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {info.return_addresses.map((a) => (
              <li key={a.id} className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 [overflow-wrap:anywhere]">
                {a.is_default && <span className="mr-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">{t('default')}</span>}
                <UserText>{a.name}</UserText> {a.phone} · <UserText>{a.full_address}</UserText>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      {failure && <FormError title={t('saveFailed')} message={failure} />}
      <div className="flex justify-end">
        <Button loading={save.isPending} onClick={() => void submit()}>
          {t('save')}
        </Button>
      </div>
    </div>
  );
}
