'use client';

import { useState } from 'react';
import { SelectField } from '@/components/ui/fields';
import { useAllocateToSubShop, useSubShopChoices } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useDone } from './shared';

export function SubShopDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const shops = useSubShopChoices();
  const [subShopId, setSubShopId] = useState('');
  const allocate = useAllocateToSubShop(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.allocateSubShopTitle')}
      confirmLabel={t('dialogs.confirm')}
      onClose={onClose}
      validate={() => (subShopId ? {} : { sub_shop_id: t('dialogs.chooseSubShop') })}
      onSubmit={() => allocate.mutateAsync(Number(subShopId)).then(done)}
    >
      {(errors) => (
        <SelectField
          label={t('list.subShop')}
          value={subShopId}
          error={errors.sub_shop_id ?? (shops.isError ? t('dialogs.optionsError') : shops.data?.length === 0 ? t('dialogs.noSubShops') : undefined)}
          onChange={(event) => setSubShopId(event.target.value)}
          options={[{ value: '', label: t('dialogs.chooseSubShop') }, ...(shops.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name, userText: true }))]}
        />
      )}
    </FormDialog>
  );
}
