import { createRequire } from 'node:module';
import type * as Client from '@liftcloud/client';

/**
 * The client package exports only its index, which loads TypeBox (about 700 files, 150 ms here). The
 * start path (`--help`, `--version`, profile commands) needs only the language helpers, so it loads that
 * one file of the client's build directly. Replace with a light subpath export once the client has one.
 */
const clientIndex = createRequire(import.meta.url).resolve('@liftcloud/client');

type Languages = Pick<typeof Client, 'resolveLanguage' | 'isLanguage' | 'LANGUAGES' | 'DEFAULT_LANGUAGE'>;

export const languages = (await import(new URL('./i18n/languages.js', `file://${clientIndex}`).href)) as Languages;

export type Language = Client.Language;
