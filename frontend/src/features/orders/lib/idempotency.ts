/** The idempotency keys moved to lib/idempotency (withdrawals use them too); kept here for the order screens' imports. */
export * from '@/lib/idempotency';
