import { useEffect } from 'react';

/** Loads now and again every `ms` milliseconds while the component is shown: for what changes on its own on the appliance. */
export function useReloadEvery(load: () => Promise<void>, ms: number): void {
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), ms);
    return () => clearInterval(timer);
  }, [load, ms]);
}
