import { useSearchParams } from 'react-router';

/** The tab named in `?tab=`, or the first one. */
export function useTab<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('tab');
  const tab = tabs.includes(value as T) ? (value as T) : (tabs[0] as T);
  const change = (next: T) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next === tabs[0]) search.delete('tab');
        else search.set('tab', next);
        return search;
      },
      { replace: true },
    );
  return [tab, change];
}
