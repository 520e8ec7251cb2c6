import { readFileSync } from 'node:fs';
import { fileProblem } from '../input-file.js';
import type { EntityDef, Field, Fields } from '@liftcloud/client';
import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { currentLanguage, t } from '../../i18n/index.js';
import { terminal } from '../../output/terminal.js';
import { askSecret } from '../../prompts/ask.js';
import { readStdin } from '../stdin.js';
import { labelOf, type Row } from './definition.js';
import { camel } from './ids.js';
import { NameRef, namedTarget } from './names.js';

const usage = (message: string) => new CliError(message, EXIT.usage);

/**
 * A --set value as its field's type: numbers, booleans, id lists and enum codes (or labels) from text. With
 * `names`, a reference (or an id in a list) may also be the name of the record it points at: it is looked up
 * once the command is logged in (names.ts); without, only ids are taken.
 */
export function convertValue(key: string, field: Field, text: string, names = false): unknown {
  if (text === '') return null;
  const bad = (reason: string) => usage(t('entity.badValue', { key, reason }));
  const idOrName = (part: string) => {
    const n = Number(part);
    if (part !== '' && Number.isInteger(n)) return n;
    if (names && namedTarget(field)) return new NameRef(part);
    throw bad(t(names && namedTarget(field) ? 'entity.badRef' : 'entity.badInt'));
  };
  switch (field.kind) {
    case 'ref':
      return idOrName(text.trim());
    case 'int': {
      const n = Number(text);
      if (!Number.isInteger(n)) throw bad(t('entity.badInt'));
      return n;
    }
    case 'number': {
      const n = Number(text);
      if (!Number.isFinite(n)) throw bad(t('entity.badNumber'));
      return n;
    }
    case 'bool':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw bad(t('entity.badBool'));
    case 'ids':
      return text.split(',').map((part) => idOrName(part.trim()));
    case 'enum': {
      const options = field.enumDef?.options ?? [];
      const byCode = options.find((o) => String(o.code) === text);
      const byLabel = options.find((o) => Object.values(o.label).some((l) => l.toLowerCase() === text.toLowerCase()));
      const found = byCode ?? byLabel;
      if (!found) {
        const values = options.map((o) => `${o.code}=${o.label[currentLanguage()]}`).join(', ');
        throw bad(t('entity.badEnum', { values }));
      }
      return found.code;
    }
    default:
      return text;
  }
}

/** --set key=value pairs as a body; keys in camelCase or kebab-case. `names`: see convertValue. */
export function valuesFromPairs(def: EntityDef<Fields>, pairs: string[], opts: { names?: boolean } = {}): Row {
  const body: Row = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw usage(t('entity.badSet', { value: pair }));
    const key = camel(pair.slice(0, at).trim());
    const field = def.fields[key];
    if (!field) {
      const fields = Object.keys(def.fields).join(', ');
      throw usage(t('entity.unknownField', { key, label: labelOf(def), fields }));
    }
    // A password on the command line lands in shell history and `ps`: secrets come from -f or a prompt.
    if (field.kind === 'secret') throw usage(t('entity.secretFlag', { key }));
    body[key] = convertValue(key, field, pair.slice(at + 1), opts.names === true);
  }
  return body;
}

/** A JSON object from a file, or from stdin for "-". */
export async function valuesFromJson(source: string): Promise<Row> {
  let text: string;
  try {
    text = source === '-' ? await readStdin() : readFileSync(source, 'utf8');
  } catch (error) {
    throw usage(fileProblem(source, error));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw usage(t('entity.badJson', { source, reason: (error as Error).message }));
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw usage(t('entity.badJson', { source, reason: 'not a JSON object' }));
  return parsed as Row;
}

/** Ask on the terminal for required secret fields (a new user's password) the body does not carry. */
export async function askMissingSecrets(def: EntityDef<Fields>, body: Row): Promise<void> {
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.kind !== 'secret' || !field.required || body[key] !== undefined) continue;
    if (!terminal().stdinIsTTY || !terminal().stderrIsTTY) continue; // validation then names it as missing
    body[key] = await askSecret(field.label[currentLanguage()]);
  }
}

/**
 * The fields given on the command line: the JSON file first, --set pairs over it. References given by name stay
 * NameRefs until resolveNames looks them up.
 */
export async function givenValues(def: EntityDef<Fields>, opts: { set?: string[]; file?: string }): Promise<Row> {
  const fromFile = opts.file ? await valuesFromJson(opts.file) : {};
  const body = { ...fromFile, ...valuesFromPairs(def, opts.set ?? [], { names: true }) };
  if (Object.keys(body).length === 0) throw usage(t('entity.noFields'));
  return body;
}
