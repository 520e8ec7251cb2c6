import { describe, expect, it } from 'vitest';
import { isPublicPath } from './publicPaths';

describe('route guard public paths (console-shell.md §2.3)', () => {
  it.each(['/login', '/cloud', '/cloudKanban', '/8NMuztq/12', '/r/o/F123', '/doc1/', '/thirdLogin/a,b', '/pdf'])(
    '%s needs no login',
    (path) => expect(isPublicPath(path)).toBe(true),
  );
  it.each(['/', '/user', '/role', '/account', '/elevatorMonitor/monitorCenter', '/workOrder/3', '/loginx'])(
    '%s needs a login',
    (path) => expect(isPublicPath(path)).toBe(false),
  );
});
