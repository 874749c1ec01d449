export * from './avatarColor.ts';
export * from './contacts.ts';
export * from './groupPermissions.ts';
export * from './indexLetter.ts';
export * from './lastContent.ts';
export * from './proportion.ts';
export * from './types.ts';
export * from './validation.ts';
