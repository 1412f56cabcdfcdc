// Every table, for drizzle's relational queries and for drizzle-kit.
export * from './accounts';
export * from './credit-balances';
export * from './credit-ledger';
export * from './notifications';
export * from './payment-events';
export * from './purchases';
export * from './rate-limits';
export * from './sessions';
export * from './submissions';
export * from './user-folders';
export * from './users';
export * from './verifications';
export * from './video-creation-requests';
export * from './video-generated-content';
export * from './video-job-runs';
export * from './video-jobs';
export * from './video-scene-clips';
