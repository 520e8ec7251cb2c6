import { PERMISSION } from '../permissions.js';
import { issue } from '../rules/common.js';
import { defineEntity, type Issue } from '../schema/entity.js';
import { L, required, text } from '../schema/fields.js';

/** `{name}` placeholders of a template's content. */
export const templatePlaceholders = (content: string): string[] => [
  ...new Set([...content.matchAll(/\{([A-Za-z][A-Za-z0-9_]{0,30})\}/g)].map((m) => m[1]!)),
];

/** The parameters a template may use, from its comma-separated list. */
export const templateParams = (params: string | null | undefined): string[] =>
  (params ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

/** A template's text with its placeholders filled from `values` (a value not given stays as written). */
export function renderTemplate(content: string, values: Record<string, string | number | null | undefined>): string {
  return content.replace(/\{([A-Za-z][A-Za-z0-9_]{0,30})\}/g, (whole, name: string) => {
    const v = values[name];
    return v === null || v === undefined ? whole : String(v);
  });
}

/** Every placeholder of the content must be one of the template's available parameters. */
export function smsTemplateRules(input: { content?: string | null; params?: string | null }): Issue[] {
  if (input.content === undefined || input.content === null) return [];
  const allowed = new Set(templateParams(input.params));
  const unknown = templatePlaceholders(input.content).filter((p) => !allowed.has(p));
  return unknown.length ? [issue('content', 'rule.templateParam', { params: unknown.join(', ') })] : [];
}

/**
 * An SMS template (domain.md §3 SMS template, /msgTemplate, super admin): name, content and the parameters the
 * content may use as {name}; sending renders it with the event's values (renderTemplate).
 */
export const smsTemplate = defineEntity({
  name: 'smsTemplate',
  label: L('短信模板', 'SMS template', 'Modello SMS'),
  path: 'smsTemplates',
  permission: PERMISSION.superAdmin,
  fields: {
    name: required(text(L('模板名称', 'Name', 'Nome'), { max: 100 })),
    content: required(text(L('模板内容', 'Content', 'Contenuto'), { max: 500 })),
    params: text(L('可用参数', 'Available parameters', 'Parametri disponibili'), { max: 300 }),
  },
  filters: { name: 'like' },
  unique: ['name'],
  refine: (input) => smsTemplateRules({ content: input.content, params: input.params ?? null }),
});
