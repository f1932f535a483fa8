/**
 * A reviewed request's actions as the server answers them (`actions` on every withdrawal and
 * risk recharge: zulin/audit/review.py). The server decides, for the person asking, whether
 * each action is allowed now and, when not, why; the screens never guess from the status.
 */
export interface ReviewAction {
  action: string;
  allowed: boolean;
  /** When not allowed: `status`, `permission` or `same_approver`. */
  reason_code: string;
  /** When not allowed: why, worded by the server in the request's language. */
  reason: string;
}

/** How a screen shows one action: hidden, enabled, or disabled with the server's reason. */
export type ActionOffer = { shown: false } | { shown: true; allowed: true } | { shown: true; allowed: false; reason: string };

/**
 * What the screen does with `name`. An action the request's status no longer admits is not
 * shown (nothing to do in that state); one this person may not take — no right, or the first
 * of two approvers asked for the second — is shown disabled with the reason, so nobody confirms
 * an action only to be refused.
 */
export function actionOffer(actions: readonly ReviewAction[] | undefined, name: string): ActionOffer {
  const found = actions?.find((action) => action.action === name);
  if (!found || (!found.allowed && found.reason_code === 'status')) return { shown: false };
  return found.allowed ? { shown: true, allowed: true } : { shown: true, allowed: false, reason: found.reason };
}

/** The actions shown disabled, with their reasons (the detail dialog lists them). */
export function refusedActions(actions: readonly ReviewAction[] | undefined): ReviewAction[] {
  return (actions ?? []).filter((action) => !action.allowed && action.reason_code !== 'status');
}
