export * from './limits.ts';
export * from './codes.ts';
export * from './api/auth.ts';
export * from './api/system.ts';
export * from './events.ts';
export * from './entities.ts';
export * from './api/groups.ts';
