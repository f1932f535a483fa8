'use client';

import { useId, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/Button';
import { actionOffer, type ReviewAction } from './reviewActions';

type Props = Omit<ButtonProps, 'disabled' | 'onClick' | 'title'> & {
  actions: readonly ReviewAction[] | undefined;
  name: string;
  onClick: () => void;
  children: ReactNode;
};

/**
 * One action of a reviewed request, as the server offers it to this person: not rendered when
 * the request's state admits it no more, disabled with the server's reason when this person
 * may not take it (the kit's disabled-with-reason: the reason is the tooltip and the button's
 * description for screen readers), else a plain button.
 */
export function ReviewActionButton({ actions, name, onClick, children, className = '', ...rest }: Props) {
  const describedBy = useId();
  const offer = actionOffer(actions, name);
  if (!offer.shown) return null;
  if (offer.allowed) {
    return (
      <Button {...rest} className={className} onClick={onClick}>
        {children}
      </Button>
    );
  }
  return (
    <>
      <Button {...rest} className={`${className} disabled:text-slate-400 disabled:no-underline`} disabled title={offer.reason} aria-describedby={describedBy} data-reason-code={actions?.find((a) => a.action === name)?.reason_code}>
        {children}
      </Button>
      <span id={describedBy} className="sr-only">
        {offer.reason}
      </span>
    </>
  );
}

interface Decision {
  label: string;
  /** The button's accessible name, naming the request (e.g. 通过提现 W1). */
  name: string;
  onClick: () => void;
}

/**
 * The platform's two decisions in a list's action column, as both reviewed requests show
 * them: approve, then reject in red; each as the server offers it to this person.
 */
export function ReviewDecisionButtons({ actions, approve, reject }: { actions: readonly ReviewAction[] | undefined; approve?: Decision; reject?: Decision }) {
  return (
    <>
      {approve && (
        <ReviewActionButton variant="link" actions={actions} name="approve" aria-label={approve.name} onClick={approve.onClick}>
          {approve.label}
        </ReviewActionButton>
      )}
      {reject && (
        <ReviewActionButton variant="link" className="text-red-600 hover:text-red-700" actions={actions} name="reject" aria-label={reject.name} onClick={reject.onClick}>
          {reject.label}
        </ReviewActionButton>
      )}
    </>
  );
}
