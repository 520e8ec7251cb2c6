import type { Language } from '../client-light.js';
import { enUS, type CliMessageKey } from './en-US.js';
import { itItaly } from './it-Italy.js';
import { zhCN } from './zh-CN.js';

const CATALOGUES: Record<Language, Record<CliMessageKey, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'it-Italy': itItaly,
};

/**
 * One language's catalogue. From dist/ all three are modules loaded with this one; the bundle
 * (scripts/bundle.mjs) puts in place of this module one that reads the language asked for from
 * bundle/catalogues/<language>.json, so a start loads and parses only the catalogue it shows (B7).
 */
export function loadCatalogue(language: Language): Record<CliMessageKey, string> {
  return CATALOGUES[language];
}
