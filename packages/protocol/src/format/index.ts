export * from './amountInWords.ts';
export * from './chatTime.ts';
export * from './expiryText.ts';
export * from './fileSize.ts';
export * from './money.ts';
export * from './relativeTime.ts';
export * from './time.ts';
