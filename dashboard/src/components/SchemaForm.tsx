import { Chip, Fieldset, Group, NumberInput, SegmentedControl, Select, Slider, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import type { FieldError, JsonSchema } from '../api.ts';
import { requiredNumber, typedNumber, type NumberDraft } from './numbers.ts';
import { expectedValue } from '../../../src/schema-wording.ts';

/** Values a schema allows when it is a union of literals (TypeBox Union of Literal). */
function literals(schema: JsonSchema | undefined): string[] | undefined {
  if (!schema?.anyOf?.every((s) => s.const !== undefined)) return undefined;
  return schema.anyOf.map((s) => String(s.const));
}

const label = (name: string) => name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

interface FieldProps {
  name: string;
  /** Dotted path of this field in the settings the API validates (e.g. guardrails.llm.threshold). */
  path: string;
  schema: JsonSchema;
  value: unknown;
  onChange: (v: unknown) => void;
  error: FieldError | null;
}

function Field({ name, path, schema, value, onChange, error }: FieldProps) {
  const title = label(name);
  // The API's message for this field; out-of-range numbers are refused there, never clamped here.
  const message = error?.field === path ? error.message : undefined;
  const help = schema.description;
  const options = literals(schema);
  if (options) {
    return options.length <= 4 ? (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <SegmentedControl data={options} value={String(value ?? schema.default ?? options[0])} onChange={onChange} aria-label={title} />
        {help && (
          <Text size="xs" c="dimmed">
            {help}
          </Text>
        )}
      </Stack>
    ) : (
      <Select
        label={title}
        description={help}
        data={options}
        value={String(value ?? schema.default ?? '')}
        onChange={(v) => onChange(v)}
        allowDeselect={false}
      />
    );
  }
  if (schema.type === 'boolean')
    return <Switch label={title} description={help} checked={Boolean(value ?? schema.default)} onChange={(e) => onChange(e.currentTarget.checked)} />;
  if (schema.type === 'number' && schema.minimum === 0 && schema.maximum === 1) {
    // The input keeps what is typed (it may be emptied and retyped); the slider shows the number, or the default meanwhile.
    const typed = (value ?? schema.default ?? '') as NumberDraft;
    const v = typedNumber(typed) ?? Number(schema.default ?? 0.5);
    return (
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {title}
          </Text>
          <NumberInput
            size="xs"
            w={90}
            min={0}
            max={1}
            step={0.01}
            decimalScale={2}
            clampBehavior="none"
            value={typed}
            onChange={onChange}
            aria-label={title}
            error={Boolean(message)}
          />
        </Group>
        <Slider min={0} max={1} step={0.01} value={Number.isNaN(v) ? 0 : Math.min(1, Math.max(0, v))} onChange={onChange} label={(x) => x.toFixed(2)} />
        {help && (
          <Text size="xs" c="dimmed">
            {help}
          </Text>
        )}
        {message && (
          <Text size="xs" c="red" role="alert">
            {message}
          </Text>
        )}
      </Stack>
    );
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    return (
      <NumberInput
        label={title}
        description={help}
        min={schema.minimum}
        max={schema.maximum}
        clampBehavior="none"
        value={(value ?? schema.default ?? '') as NumberDraft}
        onChange={onChange}
        allowDecimal={schema.type === 'number'}
        error={message}
      />
    );
  }
  const itemOptions = schema.type === 'array' ? literals(schema.items) : undefined;
  if (itemOptions) {
    const selected = (value as string[] | undefined) ?? (schema.default as string[] | undefined) ?? [];
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {title}
        </Text>
        {help && (
          <Text size="xs" c="dimmed">
            {help}
          </Text>
        )}
        <Chip.Group multiple value={selected} onChange={onChange}>
          <Group gap={6}>
            {itemOptions.map((o) => (
              <Chip key={o} value={o} size="xs">
                {o}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
    );
  }
  if (schema.type === 'object' && schema.properties && !Object.values(schema.properties).every((sub) => literals(sub))) {
    // A group of settings (e.g. forwarding): a nested form.
    return (
      <Fieldset legend={title}>
        <SchemaForm schema={schema} value={(value as Record<string, unknown> | undefined) ?? {}} onChange={onChange} path={`${path}.`} error={error} />
      </Fieldset>
    );
  }
  if (schema.type === 'object' && schema.properties) {
    // A map of optional choices (e.g. PII action per entity type): one row per key.
    const map = (value as Record<string, unknown> | undefined) ?? {};
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {title}
        </Text>
        {help && (
          <Text size="xs" c="dimmed">
            {help}
          </Text>
        )}
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {Object.entries(schema.properties).map(([key, sub]) => (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text size="sm">{key}</Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    data={['default', ...(literals(sub) ?? [])]}
                    value={map[key] === undefined ? 'default' : String(map[key])}
                    onChange={(v) => {
                      const next = { ...map };
                      if (!v || v === 'default') delete next[key];
                      else next[key] = v;
                      onChange(next);
                    }}
                    allowDeselect={false}
                    aria-label={`${title} ${key}`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    );
  }
  // Emptying an optional text without a default removes the setting (null in the merge patch).
  const text = (v: string) => (v === '' && schema.default === undefined ? null : v);
  return (
    <TextInput
      label={title}
      description={help}
      value={String(value ?? schema.default ?? '')}
      onChange={(e) => onChange(text(e.currentTarget.value))}
      error={message}
    />
  );
}

interface SchemaFormProps {
  schema: JsonSchema;
  value: Record<string, unknown>;
  onChange: (v: Record<string, unknown>) => void;
  skip?: string[];
  /** Prefix of these settings' dotted paths, e.g. "guardrails.llm.". */
  path?: string;
  /** The API's complaint about one setting, shown under that setting. */
  error?: FieldError | null;
}

/** Renders a guardrail's settings from its JSON Schema, so new guardrails need no UI code. */
export function SchemaForm({ schema, value, onChange, skip = [], path = '', error = null }: SchemaFormProps) {
  const fields = Object.entries(schema.properties ?? {}).filter(([name]) => !skip.includes(name));
  if (fields.length === 0) return null;
  return (
    <Stack>
      {fields.map(([name, sub]) => (
        <Field
          key={name}
          name={name}
          path={`${path}${name}`}
          schema={sub}
          value={value[name]}
          onChange={(v) => onChange({ ...value, [name]: v })}
          error={error}
        />
      ))}
    </Stack>
  );
}

/**
 * The settings a SchemaForm edited, ready to save: numbers still held as typed become numbers. An
 * emptied optional number is left out (its default applies); an emptied required one is refused next
 * to its field (FieldProblem) rather than saved as 0.
 */
export function settingsForSave(schema: JsonSchema, value: Record<string, unknown>, path = ''): Record<string, unknown> {
  const saved: Record<string, unknown> = { ...value };
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    const current = value[name];
    if ((sub.type === 'number' || sub.type === 'integer') && typeof current === 'string') {
      if (typedNumber(current) === null && !schema.required?.includes(name)) delete saved[name];
      else saved[name] = requiredNumber(current, `${path}${name}`, label(name), expectedValue(sub as Record<string, unknown>) ?? 'a number');
    } else if (sub.type === 'object' && sub.properties && typeof current === 'object' && current !== null && !Array.isArray(current)) {
      saved[name] = settingsForSave(sub, current as Record<string, unknown>, `${path}${name}.`);
    }
  }
  return saved;
}
