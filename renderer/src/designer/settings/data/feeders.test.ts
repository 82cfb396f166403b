import { describe, expect, it } from 'vitest';
import { DataFeeder } from '../../../../../engine/plan/index.ts';
import { effectiveFormat, feederNameFor, feederNameProblem, newFeeder } from './feeders.ts';

describe('data feeders', () => {
  it('names a feeder after its file, as a valid unique variable name', () => {
    expect(feederNameFor('users.csv', [])).toBe('users');
    expect(feederNameFor('users-2.csv', ['users'])).toBe('users_2');
    expect(feederNameFor('Users List (copy).csv', [])).toBe('Users_List_copy');
    expect(feederNameFor('2024.json', [])).toBe('rows_2024');
    expect(feederNameFor('data.csv', [])).toBe('data_rows');
    expect(feederNameFor('users.csv', ['users', 'users_2'])).toBe('users_3');
    for (const n of ['users_3', 'rows_2024', 'data_rows']) expect(feederNameProblem(n, [])).toBeUndefined();
  });

  it('explains names that cannot be used', () => {
    expect(feederNameProblem('1x', [])).toMatch(/start with a letter/);
    expect(feederNameProblem('env', [])).toMatch(/reserved/);
    expect(feederNameProblem('users', ['users'])).toMatch(/already/);
  });

  it('creates valid feeders, with a tab delimiter for .tsv', () => {
    expect(newFeeder('files/a.csv')).toEqual({ file: 'files/a.csv' });
    expect(newFeeder('files/a.tsv')).toEqual({ file: 'files/a.tsv', delimiter: '\t' });
    expect(DataFeeder.safeParse(newFeeder('files/a.tsv')).success).toBe(true);
  });

  it('knows the format the engine will use', () => {
    expect(effectiveFormat('files/a.JSON', undefined)).toBe('json');
    expect(effectiveFormat('files/a.json', 'csv')).toBe('csv');
    expect(effectiveFormat('files/a.txt', undefined)).toBe('csv');
  });
});
