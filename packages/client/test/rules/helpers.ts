import type { Issue, Language } from '../../src/index.js';

/** field → rule, the shape most assertions on a rule's issues need. */
export const rules = (issues: Issue[]) => Object.fromEntries(issues.map((i) => [i.field, i.rule]));

export const LANGS: Language[] = ['zh-CN', 'en-US', 'it-Italy'];
