import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * The Events page's search by trace or correlation id: a W3C trace id, a request id (X-Request-ID),
 * or LiteLLM's call or trace id. The filter changes when the operator presses Enter or leaves the field.
 */
export function CorrelationSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => {
    if (text.trim() !== value) onChange(text.trim());
  };
  return (
    <TextInput
      label="Trace or correlation id"
      placeholder="trace id, request id, LiteLLM call id"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => event.key === 'Enter' && apply()}
      onBlur={apply}
      w={300}
      data-testid="correlation-search"
    />
  );
}
