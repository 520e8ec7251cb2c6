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
