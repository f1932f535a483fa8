import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, render, type } from '@/components/__tests__/render';
import { ApiError } from '../apiError';
import { refusalOf, useCheckedSave, useRefusableForm, useSettingsSave } from '../formRefusal';
import { getNotices, resetNotices } from '../notice';
import { RequestFailure } from '../request';

const TAKEN_CODE = 1100;

/** A one-field form: what `useRefusableForm` shows beside the field and on the form's line. */
function NameForm({ save }: { save: (values: { name: string }) => Promise<void> }) {
  const {
    register,
    formState: { errors },
    formError,
    onSubmit,
  } = useRefusableForm<{ name: string }>({ defaultValues: { name: '' } }, { fallback: '保存失败', codeFields: { [TAKEN_CODE]: 'name' } }, save);
  return (
    <form onSubmit={onSubmit}>
      <input aria-label="name" {...register('name')} />
      <p id="field">{errors.name?.message ?? ''}</p>
      <p id="form">{formError ?? ''}</p>
      <button type="submit">save</button>
    </form>
  );
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

/** What a form shows beside its field and on its line once `text` is typed (unless blank) and submitted. */
async function shown(form: ReactElement, text: string) {
  const view = await render(form);
  cleanup = view.unmount;
  if (text) await type(view.container.querySelector('input')!, text);
  await click(view.container.querySelector('button'));
  return { field: view.container.querySelector('#field')!.textContent, form: view.container.querySelector('#form')!.textContent };
}

const submitted = (save: (values: { name: string }) => Promise<void>) => shown(<NameForm save={save} />, '东区');

describe('useRefusableForm', () => {
  it('saves the values and shows nothing when the save goes through', async () => {
    const save = vi.fn(async () => undefined);
    expect(await submitted(save)).toEqual({ field: '', form: '' });
    expect(save).toHaveBeenCalledWith({ name: '东区' });
  });

  it('puts a field the server names beside it, by its fields or by a code', async () => {
    const fields = new ApiError(new RequestFailure(400, '校验失败', { fields: { name: ['名称太短'] } }));
    expect(await submitted(async () => Promise.reject(fields))).toEqual({ field: '名称太短', form: '' });
    const taken = new ApiError(new RequestFailure(TAKEN_CODE, '名称已被占用', null));
    expect(await submitted(async () => Promise.reject(taken))).toEqual({ field: '名称已被占用', form: '' });
  });

  it("shows any other refusal on the form's line: the server's words, else the fallback", async () => {
    const refused = new ApiError(new RequestFailure(409, '分店已停用', null));
    expect(await submitted(async () => Promise.reject(refused))).toEqual({ field: '', form: '分店已停用' });
    expect(await submitted(async () => Promise.reject(new Error('network')))).toEqual({ field: '', form: '保存失败' });
  });
});

describe('refusalOf', () => {
  it('reads the fields the server names, else its message, else the fallback', () => {
    expect(refusalOf(new ApiError(new RequestFailure(400, '校验失败', { fields: { name: ['名称太短'] } })), '保存失败')).toEqual({ fields: { name: '名称太短' } });
    expect(refusalOf(new ApiError(new RequestFailure(TAKEN_CODE, '名称已被占用', null)), '保存失败', { [TAKEN_CODE]: 'name' })).toEqual({ fields: { name: '名称已被占用' } });
    expect(refusalOf(new ApiError(new RequestFailure(409, '分店已停用', null)), '保存失败')).toEqual({ message: '分店已停用' });
    expect(refusalOf(new Error('network'), '保存失败')).toEqual({ message: '保存失败' });
  });
});

/** A one-input form kept in plain state: the message beside its input and its form's line. */
function PlainForm({ field, failure, onSubmit }: { field?: string; failure: string | null; onSubmit: (value: string) => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit((event.currentTarget.elements.namedItem('value') as HTMLInputElement).value);
      }}
    >
      <input aria-label="value" name="value" />
      <p id="field">{field ?? ''}</p>
      <p id="form">{failure ?? ''}</p>
      <button type="submit">save</button>
    </form>
  );
}

/** Its own check (a name is needed), then `save`. */
function CheckedForm({ save }: { save: () => Promise<void> }) {
  const { errors, failure, submit } = useCheckedSave('保存失败');
  return <PlainForm field={errors.name} failure={failure} onSubmit={(name) => void submit({ name: name ? undefined : '请填写名称' }, save)} />;
}

describe('useCheckedSave', () => {
  it('stops at its own problems, without saving', async () => {
    const save = vi.fn(async () => undefined);
    expect(await shown(<CheckedForm save={save} />, '')).toEqual({ field: '请填写名称', form: '' });
    expect(save).not.toHaveBeenCalled();
  });

  it('saves when the form is fine, and shows a refusal beside the field or on the form', async () => {
    const save = vi.fn(async () => undefined);
    expect(await shown(<CheckedForm save={save} />, '东区')).toEqual({ field: '', form: '' });
    expect(save).toHaveBeenCalledOnce();
    const fields = new ApiError(new RequestFailure(400, '校验失败', { fields: { name: ['名称太短'] } }));
    expect(await shown(<CheckedForm save={async () => Promise.reject(fields)} />, '东区')).toEqual({ field: '名称太短', form: '' });
    expect(await shown(<CheckedForm save={async () => Promise.reject(new Error('network'))} />, '东区')).toEqual({ field: '', form: '保存失败' });
  });
});

/** A settings form: a blank rate is its own problem; the server's fields are shown in its words. */
function SettingsForm({ save, onClose }: { save: () => Promise<void>; onClose: () => void }) {
  const { errors, failure, showProblems, saveAndClose } = useSettingsSave({ saved: '已保存', failed: '保存失败' }, onClose, (fields) => Object.fromEntries(Object.keys(fields).map((field) => [field, '不被接受'])));
  return <PlainForm field={errors.rate} failure={failure} onSubmit={(rate) => (rate ? void saveAndClose(save) : showProblems({ rate: '请填写费率' }))} />;
}

async function settingsSaved(save: () => Promise<void>, rate = '5') {
  resetNotices();
  const onClose = vi.fn();
  const seen = await shown(<SettingsForm save={save} onClose={onClose} />, rate);
  return { ...seen, closed: onClose.mock.calls.length > 0, notices: getNotices().map((notice) => notice.message) };
}

describe('useSettingsSave', () => {
  it("shows the form's own problems without saving", async () => {
    const save = vi.fn(async () => undefined);
    expect(await settingsSaved(save, '')).toEqual({ field: '请填写费率', form: '', closed: false, notices: [] });
    expect(save).not.toHaveBeenCalled();
  });

  it('says it saved and closes once the save goes through', async () => {
    expect(await settingsSaved(async () => undefined)).toEqual({ field: '', form: '', closed: true, notices: [{ raw: '已保存' }] });
  });

  it("keeps the dialog open on a refusal: the server's message, and its fields in the form's words", async () => {
    const refused = new ApiError(new RequestFailure(400, '费率超出范围', { fields: { rate: ['too high'] } }));
    expect(await settingsSaved(async () => Promise.reject(refused))).toEqual({ field: '不被接受', form: '费率超出范围', closed: false, notices: [] });
    expect(await settingsSaved(async () => Promise.reject(new Error('network')))).toEqual({ field: '', form: '保存失败', closed: false, notices: [] });
  });
});
