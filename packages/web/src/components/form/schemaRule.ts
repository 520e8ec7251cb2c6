import type { RuleObject } from 'antd/es/form';
import { checkSchema, issueMessage, type EntityDef, type Issue, type Language } from '@liftcloud/client';

/** A JSON schema as the client package builds them. */
export type Schema = EntityDef['createSchema'];

/**
 * Form rules from a schema: each field's rule checks the whole body the way the server will and reports
 * that field's issue in the server's words.
 */
export function schemaRules(
  schema: Schema,
  body: () => unknown,
  language: Language,
  extraIssues: (body: unknown) => Issue[] = () => [],
): (key: string) => RuleObject {
  return (key) => ({
    validator: async () => {
      const value = body();
      const issues = [...checkSchema(schema, value), ...extraIssues(value)];
      const issue = issues.find((i) => i.field === key || i.field.startsWith(`${key}.`));
      if (issue) throw new Error(issueMessage(schema, issue, language));
    },
  });
}
