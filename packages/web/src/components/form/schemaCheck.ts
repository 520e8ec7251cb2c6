/** The schema checker, in a chunk of its own (see schemaRule.ts). */
export { checkSchema, issueMessage, validateInput } from '@liftcloud/client';
