import type { TSchema } from '@sinclair/typebox';
import { allowedRange } from '../errors.ts';
import { CONFIG_SCHEMA, settingSource } from './schema.ts';

const code = (text: string) => `\`${text}\``;

function documentedDefault(schema: TSchema): string {
  const source = settingSource(schema);
  if (source.docDefault) return source.docDefault;
  return schema.default === undefined ? '' : code(String(schema.default));
}

function allowed(schema: TSchema): string {
  const source = settingSource(schema);
  if (source.expected) return source.expected;
  if (schema.anyOf) return (schema.anyOf as TSchema[]).map((s) => code(String(s.const))).join(', ');
  return allowedRange(schema) ?? (schema.type === 'string' ? 'text' : '');
}

/** The configuration table of docs/configuration.md: one row per setting of CONFIG_SCHEMA, in schema order. */
export function settingsTableMarkdown(): string {
  const rows = Object.values(CONFIG_SCHEMA.properties).map((schema: TSchema) => {
    const source = settingSource(schema);
    return `| ${code(source.env)} | ${source.flag ? code(source.flag) : ''} | ${documentedDefault(schema)} | ${allowed(schema)} | ${schema.description as string} |`;
  });
  return ['| Variable | Flag | Default | Allowed | Meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}
