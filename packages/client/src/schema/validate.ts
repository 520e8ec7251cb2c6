import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Language } from '../i18n/languages.js';
import { translate, type MessageKey } from '../i18n/translate.js';
import { formatRule } from '../rules/formats.js';
import { registerFormats } from '../rules/register.js';
import type { EntityDef, Fields, Issue } from './entity.js';
import { fieldLabel, nodeAt, type SchemaNode } from './nodes.js';
import { withinSpan, type SpanKind } from '../rules/spans.js';

/** The shape of a schema error from TypeBox or Ajv: both follow Ajv's format. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const pathOf = (instancePath: string): string[] => instancePath.split('/').filter(Boolean).map(decodeURIComponent);

/** Turn schema errors into one issue per field, naming the rule; the first problem of a field wins. */
export function issuesFromErrors(schema: TSchema, errors: Iterable<SchemaError>): Issue[] {
  const root = schema as SchemaNode;
  const byField = new Map<string, Issue>();
  const add = (field: string, rule: MessageKey, params?: Issue['params']) => {
    if (!byField.has(field)) byField.set(field, { field, rule, ...(params ? { params } : {}) });
  };
  for (const e of errors) {
    const path = pathOf(e.instancePath);
    const node = nodeAt(root, path);
    const field = path.join('.');
    switch (e.keyword) {
      case 'required': {
        const missing = (e.params.requiredProperties ?? [e.params.missingProperty]) as string[];
        for (const name of missing) add([...path, name].join('.'), 'validation.required');
        break;
      }
      case 'additionalProperties': {
        const extra = (e.params.additionalProperties ?? [e.params.additionalProperty]) as string[];
        for (const name of [extra].flat()) add([...path, name].join('.'), 'validation.unknownField');
        break;
      }
      case 'boolean': // TypeBox reports additionalProperties:false as a false schema too
        break;
      case 'type': {
        const expected = [e.params.type].flat().filter((t) => t !== 'null')[0] as string;
        if (field === '' && path.length === 0) {
          add('', 'validation.body');
          break;
        }
        if (node?.['x-rule'] === 'pageSize') {
          add(field, 'validation.pageSize');
          break;
        }
        const typeKey = `validation.type.${expected}` as MessageKey;
        add(field, 'validation.type', { type: typeKey });
        break;
      }
      case 'minLength':
        if (node?.['x-required'] && Number(e.params.limit) <= 1) add(field, 'validation.required');
        else if (node?.['x-exact-length'] !== undefined)
          add(field, 'validation.exactLength', { limit: node['x-exact-length'] });
        else add(field, 'validation.minLength', { limit: Number(e.params.limit) });
        break;
      case 'maxLength':
        if (node?.['x-exact-length'] !== undefined)
          add(field, 'validation.exactLength', { limit: node['x-exact-length'] });
        else add(field, 'validation.maxLength', { limit: Number(e.params.limit) });
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'maxItems':
        add(field, `validation.${e.keyword}`, { limit: Number(e.params.limit) });
        break;
      case 'uniqueItems':
        add(field, 'validation.uniqueItems');
        break;
      case 'enum':
      case 'const':
      case 'anyOf': {
        if (node?.['x-rule'] === 'pageSize') {
          add(field, 'validation.pageSize');
          break;
        }
        const values = (node?.enum ?? []).filter((v) => v !== null).join(', ');
        add(field, 'validation.enum', { values });
        break;
      }
      case 'format': {
        const r = formatRule(String(e.params.format));
        add(field, r ? r.message : 'validation.invalid', r?.params);
        break;
      }
      default:
        add(field, 'validation.invalid');
    }
  }
  return [...byField.values()];
}

/** One issue as a sentence in the reader's language: "Username: 4 to 25 characters of …". */
export function issueMessage(schema: TSchema, issue: Issue, language: Language): string {
  const params: Record<string, string | number> = { ...issue.params };
  if (typeof params.type === 'string' && params.type.startsWith('validation.type.'))
    params.type = translate(language, params.type as MessageKey);
  params.field = fieldLabel(schema, issue.field, language);
  return translate(language, issue.rule, params);
}

const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/** Check a value against a schema with our formats: the same check the server runs. */
export function checkSchema(schema: TSchema, value: unknown): Issue[] {
  registerFormats();
  let validator = compiled.get(schema);
  if (!validator) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  if (validator.Check(value)) return [];
  return issuesFromErrors(schema, validator.Errors(value) as SchemaError[]);
}

/**
 * Validate a create or update body the way the server does: shape, field rules, then the entity's
 * cross-field rules. Forms and CLI imports call this before sending anything.
 */
export function validateInput<F extends Fields>(
  entity: EntityDef<F>,
  body: unknown,
  mode: 'create' | 'update',
): Issue[] {
  const schema = mode === 'create' ? entity.createSchema : entity.updateSchema;
  const issues = [...checkSchema(schema, body), ...decimalIssues(entity.fields, body)];
  if (issues.length > 0 || !entity.refine) return issues;
  return entity.refine(body as Parameters<NonNullable<typeof entity.refine>>[0]);
}

/**
 * Number fields of a body with more decimals than their `decimals` (1.234 for a rated speed). Judged on what is
 * sent, not on stored values, so an old record with more decimals can still be edited in its other fields.
 */
export function decimalIssues(fields: Fields, body: unknown): Issue[] {
  if (!body || typeof body !== 'object') return [];
  const issues: Issue[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const limit = fields[key]?.decimals;
    if (limit === undefined || typeof value !== 'number' || !Number.isFinite(value)) continue;
    // scaled, it must be whole; a binary rounding residue (31.23 + 0.001) is not a decimal the user typed
    const scaled = value * 10 ** limit;
    if (Math.abs(scaled - Math.round(scaled)) > 1e-6)
      issues.push({ field: key, rule: 'validation.decimals', params: { limit } });
  }
  return issues;
}

function typesOf(node: SchemaNode | undefined): string[] {
  const t = (node as { type?: string | string[] } | undefined)?.type;
  return t === undefined ? [] : [t].flat();
}

/** A query-string value as the type its schema names; text that is not a number stays text for the check to refuse. */
function coerce(node: SchemaNode | undefined, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const types = typesOf(node);
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(raw.trim())) return Number(raw);
  if (types.includes('boolean') && ['true', 'false', '1', '0'].includes(raw)) return raw === 'true' || raw === '1';
  return raw;
}

/**
 * List-query and path parameters arrive as text: convert each to its schema's type, fill defaults, then
 * check. Empty values mean "no filter".
 */
export function parseQuery(
  schema: TSchema,
  query: Record<string, unknown>,
): { value: Record<string, unknown>; issues: Issue[] } {
  const props = (schema as SchemaNode).properties ?? {};
  const value: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (raw === '' || raw === undefined) continue;
    value[key] = coerce(props[key], raw);
  }
  for (const [key, node] of Object.entries(props)) {
    const d = (node as { default?: unknown }).default;
    if (value[key] === undefined && d !== undefined) value[key] = d;
  }
  return { value, issues: checkSchema(schema, value) };
}

/** The query-span rules of an entity's list filters, checked by the server and by forms before searching. */
export function checkQuerySpans<F extends Fields>(entity: EntityDef<F>, query: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  for (const [field, span] of Object.entries(entity.spans ?? {}) as [
    string,
    SpanKind | ((query: Record<string, unknown>) => SpanKind),
  ][]) {
    const kind = typeof span === 'function' ? span(query) : span;
    const start = query[`${field}Start`] as string | undefined;
    const end = query[`${field}End`] as string | undefined;
    if (start && end) issues.push(...withinSpan(start, end, kind, { start: `${field}Start`, end: `${field}End` }));
  }
  return issues;
}
