/** The money helpers moved to lib/money (withdrawals use them too); kept here for the order screens' imports. */
export * from '@/lib/money';
