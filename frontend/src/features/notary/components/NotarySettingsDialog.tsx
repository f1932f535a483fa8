'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatDateTime } from '@/components/format';
import { QueryDialog } from '@/components/QueryDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { Switch } from '@/components/ui/fields';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Input } from '@/components/ui/Input';
import { useSettingsSave } from '@/lib/formRefusal';
import { useNotarySetting, useNotaryToken, useSaveNotaryConfig, type NotarySetting, type NotaryToken } from '../queries';
import { useStepFailure } from './stepFailure';

const WIDTH = 560;
type Field = 'org_name' | 'org_code' | 'app_key' | 'app_secret';
const FIELDS: readonly Field[] = ['org_name', 'org_code', 'app_key', 'app_secret'];

/** The access token: asked for (and cached by the server) on demand, shown masked only. */
function TokenRow({ setting }: { setting: NotarySetting }) {
  const t = useTranslations('notary.settings');
  const token = useNotaryToken();
  const failureText = useStepFailure();
  const [answer, setAnswer] = useState<NotaryToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = async (refresh: boolean) => {
    setError(null);
    try {
      setAnswer(await token.mutateAsync(refresh));
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const expires = answer?.expires_at ?? setting.token_expires_at ?? null;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-200 px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-800">{t('token')}</span>
        {answer && <span className="font-mono text-xs text-slate-600">{answer.token_masked}</span>}
        <span className="text-xs text-slate-500">{expires ? t('tokenExpires', { time: formatDateTime(expires) }) : t('tokenNone')}</span>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" className="px-2.5 py-1" disabled={!setting.is_set} loading={token.isPending} onClick={() => void ask(false)}>
          {t('tokenCheck')}
        </Button>
        <Button variant="ghost" className="px-2.5 py-1" disabled={!setting.is_set || token.isPending} onClick={() => void ask(true)}>
          {t('tokenRefresh')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function SettingsEditor({ setting, onClose }: { setting: NotarySetting; onClose: () => void }) {
  const t = useTranslations('notary.settings');
  const common = useTranslations('common');
  const save = useSaveNotaryConfig();
  const [isOpen, setIsOpen] = useState(setting.is_open);
  const [form, setForm] = useState<Record<Field, string>>({ org_name: setting.org_name, org_code: setting.org_code, app_key: setting.app_key, app_secret: '' });
  const refused = (fields: Record<string, string>) => Object.fromEntries(FIELDS.filter((field) => fields[field]).map((field) => [field, t(`problems.${field}`)]));
  const { errors, failure, saveAndClose } = useSettingsSave({ saved: t('saved'), failed: t('failed') }, onClose, refused);
  const submit = () =>
    saveAndClose(() =>
      save.mutateAsync({
        is_open: isOpen,
        org_name: form.org_name.trim(),
        org_code: form.org_code.trim().toUpperCase() || null,
        app_key: form.app_key.trim(),
        app_secret: form.app_secret.trim() || null,
      }),
    );
  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('save')} cancelLabel={common('cancel')} failedLabel={t('failed')} busy={save.isPending} failure={failure} width={WIDTH} onClose={onClose} onSubmit={() => void submit()}>
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-medium text-slate-700">{t('isOpen')}</span>
        <span className="flex items-center gap-2">
          <StatusBadge tone={setting.is_set ? 'green' : 'amber'}>{setting.is_set ? t('complete') : t('incomplete')}</StatusBadge>
          <Switch checked={isOpen} onChange={setIsOpen} label={t('isOpen')} />
        </span>
      </div>
      {FIELDS.map((field) => (
        <Input
          key={field}
          label={t(`fields.${field}`)}
          type={field === 'app_secret' ? 'password' : 'text'}
          autoComplete={field === 'app_secret' ? 'new-password' : 'off'}
          maxLength={field === 'org_code' ? 18 : field === 'org_name' ? 100 : field === 'app_key' ? 64 : 128}
          placeholder={field === 'app_secret' && setting.app_secret_masked ? t('secretKept', { masked: setting.app_secret_masked }) : undefined}
          value={form[field]}
          error={errors[field]}
          onChange={(event) => setForm((current) => ({ ...current, [field]: event.target.value }))}
        />
      ))}
      <TokenRow setting={setting} />
      <p className="text-xs text-slate-500">{setting.updated_at ? t('updatedAt', { time: formatDateTime(setting.updated_at) }) : t('neverSaved')}</p>
    </FormFrameDialog>
  );
}

/** The shop's account at the notary service (the owner's, `notary.config`), opened from an order's notarization. */
export function NotarySettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('notary.settings');
  const setting = useNotarySetting(open);
  if (!open) return null;
  if (setting.isSuccess) return <SettingsEditor setting={setting.data} onClose={onClose} />;
  return <QueryDialog title={t('title')} width={WIDTH} errorTitle={t('loadError')} query={setting} onClose={onClose} />;
}
