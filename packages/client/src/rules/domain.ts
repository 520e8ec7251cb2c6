/**
 * The validation rules of both documents' section 5 beyond the string formats (./formats.ts), as pure
 * functions over plain values returning `Issue[]`: console forms, CLI imports and server routes call the same
 * ones, and issueMessage words each issue in the reader's language.
 */
export * from './common.js';
export * from './maintenance.js';
export * from './devices.js';
export * from './equipment.js';
export * from './records.js';
export * from './spans.js';

/**
 * A phone number as a reader who is not signed in may see it (console-shell.md: "Phone masking keeps the first 2
 * and last 4 characters"): 13900000001 → 13*****0001. Six characters or fewer have nothing to hide between them
 * and are masked whole but for the last 2.
 */
export function maskPhone(phone: string): string {
  const text = phone.trim();
  if (text.length <= 6) return `${'*'.repeat(Math.max(0, text.length - 2))}${text.slice(-2)}`;
  return `${text.slice(0, 2)}${'*'.repeat(text.length - 6)}${text.slice(-4)}`;
}
