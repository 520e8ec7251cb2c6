import { lazy, Suspense, useState } from 'react';
import type { EntityFormProps } from './EntityForm';

const load = () => import('./EntityForm');
const Loaded = lazy(() => load().then((m) => ({ default: m.EntityForm })));

/**
 * Starts downloading the form's chunk (the form inputs, date pickers, uploads and the TypeBox validator, about
 * as much again as a list screen) before it is asked for: when the browser is idle after a list has rendered.
 */
export function preloadEntityForm(): void {
  void load();
}

/**
 * EntityForm, loaded the first time it opens: a list screen shows its table without the code of its dialog.
 * Once opened it stays mounted, so it closes with its animation and reopens at once.
 */
export function LazyEntityForm(props: EntityFormProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
