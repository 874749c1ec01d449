/**
 * The server's one entry for tests outside it (e2e, bench) and for its own suites' shared helpers:
 * `@parley/server/testing`. Production code never imports from `testing/`.
 */
export { type BuiltApp, buildApp } from '../app.ts';
export { loadConfig } from '../config.ts';
export { migrate, openDatabase } from '../db/index.ts';
export { ensureConversation, newConversationRow } from '../modules/conversations/rows.ts';
export * from './fixtures.ts';
export * from './groupsKit.ts';
export * from './harness.ts';
export { endpointCases } from './endpointCases.ts';
export { fireFuzz, fuzzCases } from './fuzz.ts';
export { walletAdmin } from '../modules/wallet/admin.ts';
export { systemService } from '../modules/system/service.ts';
export { workService } from '../modules/work/service.ts';
export * from './fakeEngines.ts';
export { postMessage } from '../modules/messages/deliver.ts';
export { indexAll as indexForSearch } from '../modules/messages/searchIndex.ts';
export * from './pushService.ts';
