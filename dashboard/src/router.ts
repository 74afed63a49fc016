import { useEffect, useState } from 'react';

function read(): { path: string; query: URLSearchParams } {
  const [path = '/', query = ''] = window.location.hash.replace(/^#/, '').split('?');
  return { path: path || '/', query: new URLSearchParams(query) };
}

/** Hash routing (#/guardrails/regex): one HTML page served at /, no server-side route table. */
export function useRoute(): { path: string; query: URLSearchParams } {
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = () => setRoute(read());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

export function navigate(path: string): void {
  window.location.hash = path;
}
