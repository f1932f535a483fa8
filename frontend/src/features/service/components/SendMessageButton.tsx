'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazyDialog';
import { Button } from '@/components/ui/Button';

const SendMessageDialog = lazyDialog(() => import('./SendMessageDialog').then((module) => module.SendMessageDialog), (props) => props.open);

/** The order screen's "send message" (a role with `service.message`; the server keeps the order's scope). */
export function SendMessageButton({ orderId }: { orderId: number }) {
  const t = useTranslations('service.send');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('button')}
      </Button>
      <SendMessageDialog open={open} orderId={orderId} onClose={() => setOpen(false)} />
    </>
  );
}
