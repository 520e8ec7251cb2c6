import { describe, expect, it } from 'vitest';
import { user, loginLog } from '@liftcloud/client';
import { filterParamKeys, readListState, writeListState } from './listParams';

describe('list URL state', () => {
  it('names range filters as Start and End keys', () => {
    expect(filterParamKeys(loginLog)).toEqual(['userName', 'loginType', 'result', 'loginTimeStart', 'loginTimeEnd']);
  });

  it('reads filters and page back from the URL it wrote', () => {
    const keys = filterParamKeys(user);
    const written = writeListState({ pageNo: 3, pageSize: 50, filters: { username: 'ali', userType: '1' } });
    expect(written.toString()).toBe('username=ali&userType=1&pageNo=3&pageSize=50');
    expect(readListState(written, keys)).toEqual({
      pageNo: 3,
      pageSize: 50,
      filters: { username: 'ali', userType: '1' },
    });
  });

  it('falls back to page 1 and size 20 for nonsense', () => {
    const state = readListState(new URLSearchParams('pageNo=-4&pageSize=33'), []);
    expect(state).toEqual({ pageNo: 1, pageSize: 20, filters: {} });
  });
});
