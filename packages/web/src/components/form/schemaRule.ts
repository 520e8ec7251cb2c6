import type { RuleObject } from 'antd/es/form';
import type { EntityDef, Issue, Language } from '@liftcloud/client';

/** A JSON schema as the client package builds them. */
export type Schema = EntityDef['createSchema'];

/**
 * The schema checker (TypeBox's compiler) is the heaviest part of the client: it loads with the first
 * check rather than with the page, which keeps the login page's first download small.
 */
const loadChecker = () => import('./schemaCheck');

/**
 * Form rules from a schema: each field's rule checks the whole body the way the server will and reports
 * that field's issue in the server's words. The schema may be a loader (an operation's body, which brings
 * TypeBox with it): it then loads with the first check, beside the checker.
 */
export function schemaRules(
  schemaOrLoader: Schema | (() => Promise<Schema>),
  body: () => unknown,
  language: Language,
  extraIssues: (body: unknown) => Issue[] = () => [],
): (key: string) => RuleObject {
  return (key) => ({
    validator: async () => {
      const [{ checkSchema, issueMessage }, schema] = await Promise.all([
        loadChecker(),
        typeof schemaOrLoader === 'function' ? schemaOrLoader() : schemaOrLoader,
      ]);
      const value = body();
      const issues = [...checkSchema(schema, value), ...extraIssues(value)];
      const issue = issues.find((i) => i.field === key || i.field.startsWith(`${key}.`));
      if (issue) throw new Error(issueMessage(schema, issue, language));
    },
  });
}
