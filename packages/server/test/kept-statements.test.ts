import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { keptStatements } from '../src/db/database.js';

describe('the SQLite store keeps its prepared statements (issue 21, B1)', () => {
  it('hands the same statement for the same SQL, a new one while it is busy, and forgets the oldest', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3);');
    const db = keptStatements(sqlite, 2);
    const all = 'select n from t order by n';
    const first = db.prepare(all);
    expect(db.prepare(all)).toBe(first);

    // a streamed query stepping through its rows: another user of the same SQL gets its own statement
    const rows = first.iterate();
    expect(rows.next().value).toEqual({ n: 1 });
    const second = db.prepare(all);
    expect(second).not.toBe(first);
    expect(second.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    rows.return?.();
    expect(db.prepare(all)).toBe(first);

    // a schema change: the kept statement still reads the table as it is now
    sqlite.exec('insert into t values (4)');
    sqlite.exec('create index t_n on t (n)');
    expect(db.prepare(all).all()).toHaveLength(4);

    db.prepare('select 1');
    db.prepare('select 2'); // the third: the least recently used (the select from t) goes
    expect(db.prepare(all)).not.toBe(first);
    db.close();
    expect(sqlite.open).toBe(false);
  });
});
