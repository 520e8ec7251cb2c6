import { useParams } from 'react-router-dom';

/** The parameters of a "/route/{a},{b}" segment, by name: { a, b }. */
export function useCommaParams(names: readonly string[]): Record<string, string> {
  const raw = useParams()[names.join('_')] ?? '';
  const values = raw.split(',');
  return Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));
}
