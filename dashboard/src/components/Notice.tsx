import { Alert } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';

export interface NoticeState {
  ok: boolean;
  text: ReactNode;
}

/**
 * Runs an admin API call and keeps its outcome as a notice: the success text, or the API's error
 * message (`{"error": {"message"}}`) when it fails. Resolves to the call's result, or undefined.
 */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const fail = useCallback((e: unknown) => setNotice({ ok: false, text: (e as Error).message }), []);
  const run = useCallback(
    async <T,>(action: () => Promise<T>, ok: ReactNode | ((result: T) => ReactNode)): Promise<T | undefined> => {
      try {
        const result = await action();
        setNotice({ ok: true, text: typeof ok === 'function' ? ok(result) : ok });
        return result;
      } catch (e) {
        fail(e);
        return undefined;
      }
    },
    [fail],
  );
  return { notice, run, fail, show: setNotice, clear: () => setNotice(null) };
}

/** A notice as a banner that stays until the next one replaces it. */
export function NoticeBanner({ notice }: { notice: NoticeState | null }) {
  return notice ? <Alert color={notice.ok ? 'green' : 'red'}>{notice.text}</Alert> : null;
}

/** A notice the administrator can close. */
export function Notice({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
  if (!notice) return null;
  return (
    <Alert color={notice.ok ? 'green' : 'red'} withCloseButton onClose={onClose} data-testid="notice">
      {notice.text}
    </Alert>
  );
}
