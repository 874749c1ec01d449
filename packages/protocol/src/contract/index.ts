export * from './define.ts';
export * from './endpoints.ts';
export * from './errors.ts';
export * from './pushes.ts';
