export * from './amount.ts';
export * from './limits.ts';
export * from './schemas.ts';
export * from './split.ts';
