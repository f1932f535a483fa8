import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, render, type } from '@/components/__tests__/render';
import { ApiError } from '../apiError';
import { refusalOf, useCheckedSave, useRefusableForm } from '../formRefusal';
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

async function submitted(save: (values: { name: string }) => Promise<void>) {
  const view = await render(<NameForm save={save} />);
  cleanup = view.unmount;
  await type(view.container.querySelector('input')!, '东区');
  await click(view.container.querySelector('button'));
  return { field: view.container.querySelector('#field')!.textContent, form: view.container.querySelector('#form')!.textContent };
}

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

/** A one-field form in plain state: its own check (a name is needed), then `save`. */
function CheckedForm({ save }: { save: () => Promise<void> }) {
  const { errors, failure, submit } = useCheckedSave('保存失败');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const name = (event.currentTarget.elements.namedItem('name') as HTMLInputElement).value;
        void submit({ name: name ? undefined : '请填写名称' }, save);
      }}
    >
      <input aria-label="name" name="name" />
      <p id="field">{errors.name ?? ''}</p>
      <p id="form">{failure ?? ''}</p>
      <button type="submit">save</button>
    </form>
  );
}

async function checked(save: () => Promise<void>, name = '东区') {
  const view = await render(<CheckedForm save={save} />);
  cleanup = view.unmount;
  if (name) await type(view.container.querySelector('input')!, name);
  await click(view.container.querySelector('button'));
  return { field: view.container.querySelector('#field')!.textContent, form: view.container.querySelector('#form')!.textContent };
}

describe('useCheckedSave', () => {
  it('stops at its own problems, without saving', async () => {
    const save = vi.fn(async () => undefined);
    expect(await checked(save, '')).toEqual({ field: '请填写名称', form: '' });
    expect(save).not.toHaveBeenCalled();
  });

  it('saves when the form is fine, and shows a refusal beside the field or on the form', async () => {
    const save = vi.fn(async () => undefined);
    expect(await checked(save)).toEqual({ field: '', form: '' });
    expect(save).toHaveBeenCalledOnce();
    const fields = new ApiError(new RequestFailure(400, '校验失败', { fields: { name: ['名称太短'] } }));
    expect(await checked(async () => Promise.reject(fields))).toEqual({ field: '名称太短', form: '' });
    expect(await checked(async () => Promise.reject(new Error('network')))).toEqual({ field: '', form: '保存失败' });
  });
});
