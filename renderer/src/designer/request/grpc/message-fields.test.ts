import { describe, expect, it } from 'vitest';
import type { GrpcField } from '../../../../../app/contract/index.ts';
import { messageCompletions, messageSkeleton } from './message-fields.ts';

const scalar = (name: string, type: string, more: Partial<GrpcField> = {}): GrpcField => ({
  name,
  jsonName: name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
  type,
  kind: 'scalar',
  repeated: false,
  map: false,
  ...more,
});
const FIELDS: GrpcField[] = [
  scalar('phone', 'string'),
  scalar('count', 'int32'),
  scalar('mode', 'lookup.Mode', { kind: 'enum', values: ['FAST', 'FULL'] }),
  scalar('owner', 'lookup.Person', {
    kind: 'message',
    fields: [scalar('first_name', 'string'), scalar('age', 'uint64')],
  }),
  scalar('tags', 'lookup.Tag', { kind: 'message', repeated: true, fields: [scalar('label', 'string')] }),
  scalar('flags', 'bool', { repeated: true }),
];
const labels = (before: string) => messageCompletions(FIELDS, before).map((c) => c.label);

describe('messageCompletions', () => {
  it('offers the top-level fields not written yet, quoted with a colon outside a string', () => {
    expect(labels('{\n  ')).toEqual(['phone', 'count', 'mode', 'owner', 'tags', 'flags']);
    expect(labels('{ "phone": "075", "count": 2, ')).toEqual(['mode', 'owner', 'tags', 'flags']);
    expect(messageCompletions(FIELDS, '{ ')[0]).toEqual({
      label: 'phone',
      insertText: '"phone": ',
      detail: 'string',
      kind: 'field',
    });
    expect(messageCompletions(FIELDS, '{ "ph')[0]).toMatchObject({ insertText: '"phone', replace: 3 });
  });

  it("offers a nested message's fields inside it, and a repeated message's inside each item", () => {
    expect(labels('{ "owner": { ')).toEqual(['first_name', 'age']);
    expect(labels('{ "owner": { "firstName": "Ann", ')).toEqual(['age']);
    expect(labels('{ "tags": [{ "label": "a" }, { ')).toEqual(['label']);
    expect(labels('{ "owner": { "age": 3 }, ')).toEqual(['phone', 'count', 'mode', 'tags', 'flags']);
  });

  it('offers the fields inside each message of a list of messages (a stream)', () => {
    expect(labels('[{ "phone": "1" }, { ')).toEqual(['phone', 'count', 'mode', 'owner', 'tags', 'flags']);
    expect(labels('[{ "owner": { ')).toEqual(['first_name', 'age']);
  });

  it("offers an enum's values as its value, and nothing for other values or unknown fields", () => {
    expect(labels('{ "mode": ')).toEqual(['FAST', 'FULL']);
    expect(messageCompletions(FIELDS, '{ "mode": "F')[1]).toMatchObject({
      insertText: '"FULL',
      replace: 2,
      kind: 'value',
    });
    expect(labels('{ "phone": ')).toEqual([]);
    expect(labels('{ "nope": { ')).toEqual([]);
    expect(labels('')).toEqual([]);
  });

  it('is not fooled by braces, colons and escaped quotes inside strings', () => {
    expect(labels('{ "phone": "{\\"a\\": [", ')).toEqual(['count', 'mode', 'owner', 'tags', 'flags']);
  });
});

describe('messageSkeleton', () => {
  it('writes every field at its default, nested messages filled in', () => {
    expect(messageSkeleton(FIELDS)).toEqual({
      phone: '',
      count: 0,
      mode: 'FAST',
      owner: { first_name: '', age: 0 },
      tags: [],
      flags: [],
    });
  });
});
