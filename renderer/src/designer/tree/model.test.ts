import { describe, expect, it } from 'vitest';
import type { PlanIssue } from '../../../../app/contract/index.ts';
import { keyCommand, navigate, type KeyPress } from './keys.ts';
import { ancestorIds, buildTree, findNode, selectionId, stepId, visibleRows } from './model.ts';

const doc = {
  name: 'p',
  scenarios: {
    browse: {
      executor: 'constant-vus',
      vus: 2,
      duration: '10s',
      steps: [
        { request: { name: 'List', url: '/l' } },
        { group: { name: 'g', steps: [{ batch: [{ request: { method: 'POST', url: '/b' } }] }] } },
      ],
    },
    empty: { executor: 'per-vu-iterations' },
  },
};
const S = (...rest: (string | number)[]) => ['scenarios', 'browse', 'steps', ...rest];
const issues: PlanIssue[] = [
  { path: S(1, 'group', 'steps', 0, 'batch', 0, 'request', 'methd'), message: 'unknown key' },
  { path: ['scenarios', 'empty', 'steps'], message: 'required' },
  { path: ['name'], message: 'too short' },
  { path: ['thresholds', 'x'], message: 'bad threshold' },
  { path: [], message: 'unknown key "nme"' },
];

describe('the tree model', () => {
  const nodes = buildTree(doc, issues);
  const node = (id: string) => findNode(nodes, id);

  it('lists plan settings, then scenarios with their steps, groups and batch requests', () => {
    expect(nodes.map((n) => n.label)).toEqual([
      'Plan settings',
      'browse, constant-vus 2 VUs for 10s',
      'empty, per-vu-iterations 1 iteration × 1 VU',
    ]);
    expect(nodes[0]?.children.map((n) => n.selection)).toEqual(
      ['general', 'defaults', 'variables', 'data', 'thresholds'].map((section) => ({ kind: 'settings', section })),
    );
    const batchRequest = node(stepId(S(1, 'group', 'steps', 0, 'batch', 0)));
    expect(batchRequest).toMatchObject({
      kind: 'request',
      badge: 'POST',
      text: '/b',
      selection: { kind: 'step', path: S(1, 'group', 'steps', 0, 'batch', 0) },
    });
    expect(node(stepId(S(1)))).toMatchObject({
      kind: 'group',
      childList: S(1, 'group', 'steps'),
      place: { kind: 'step', list: S(), index: 1, count: 2 },
    });
    expect(node('scenario:empty')).toMatchObject({
      childList: ['scenarios', 'empty', 'steps'],
      children: [],
      place: { index: 1, count: 2 },
    });
  });

  it('counts problems on a node and every node above it', () => {
    expect(node(stepId(S(1, 'group', 'steps', 0, 'batch', 0)))?.issues).toHaveLength(1);
    expect(node(stepId(S(1)))?.issues).toHaveLength(1);
    expect(node('scenario:browse')?.issues).toHaveLength(1);
    expect(node(stepId(S(0)))?.issues).toHaveLength(0);
    expect(node('scenario:empty')?.issues).toHaveLength(1);
    // Outside scenarios: by settings section; General takes the plan's own fields and unknown keys.
    expect(node('settings:general')?.issues.map((i) => i.message)).toEqual(['too short', 'unknown key "nme"']);
    expect(node('settings:thresholds')?.issues).toHaveLength(1);
    expect(node('settings')?.issues).toHaveLength(3);
  });

  it('maps selections to rows and finds the way to a row', () => {
    expect(selectionId({ kind: 'scenario', name: 'browse' })).toBe('scenario:browse');
    expect(selectionId({ kind: 'settings', section: 'data' })).toBe('settings:data');
    expect(selectionId({ kind: 'step', path: S(1) })).toBe(stepId(S(1)));
    expect(ancestorIds(nodes, stepId(S(1, 'group', 'steps', 0, 'batch', 0)))).toEqual([
      'scenario:browse',
      stepId(S(1)),
      stepId(S(1, 'group', 'steps', 0)),
    ]);
    expect(ancestorIds(nodes, 'nope')).toBeUndefined();
  });

  it('survives documents that are not plans yet', () => {
    expect(buildTree(null, [])).toHaveLength(1);
    expect(buildTree({ scenarios: { s: { steps: 'x' } } }, [])[1]?.children).toEqual([]);
  });
});

describe('keyboard', () => {
  const press = (key: string, mods: Partial<KeyPress> = {}) =>
    keyCommand({ key, altKey: false, shiftKey: false, ctrlKey: false, metaKey: false, ...mods });

  it('maps keys to commands', () => {
    expect(
      ['ArrowDown', 'ArrowUp', 'Home', 'End', 'ArrowRight', 'ArrowLeft', 'Enter', ' ', 'F2', 'Delete'].map((k) =>
        press(k),
      ),
    ).toEqual(['next', 'prev', 'first', 'last', 'right', 'left', 'select', 'select', 'rename', 'delete']);
    expect(press('ArrowUp', { altKey: true })).toBe('moveUp');
    expect(press('ArrowDown', { altKey: true })).toBe('moveDown');
    expect(press('ArrowRight', { altKey: true, shiftKey: true })).toBe('indent');
    expect(press('ArrowLeft', { altKey: true, shiftKey: true })).toBe('outdent');
    expect(press('d', { ctrlKey: true })).toBe('duplicate');
    expect(press('F10', { shiftKey: true })).toBe('menu');
    expect(press('z', { ctrlKey: true })).toBeNull(); // undo is the designer's
    expect(press('ArrowRight', { altKey: true })).toBeNull(); // browser history
    expect(press('a')).toBeNull();
  });

  it('walks the visible rows, expands and collapses, goes to the parent', () => {
    const nodes = buildTree(doc, []);
    const group = stepId(S(1));
    const all = visibleRows(nodes, new Set());
    expect(all).toHaveLength(1 + 5 + 1 + 4 + 1);
    const folded = visibleRows(nodes, new Set([group, 'settings']));
    expect(folded.map((r) => r.node.id)).toEqual([
      'settings',
      'scenario:browse',
      stepId(S(0)),
      group,
      'scenario:empty',
    ]);
    expect(folded.find((r) => r.node.id === group)).toMatchObject({ parentId: 'scenario:browse', level: 2 });

    expect(navigate(folded, group, 'next', new Set([group]))).toEqual({ focus: 'scenario:empty' });
    expect(navigate(folded, group, 'prev', new Set([group]))).toEqual({ focus: stepId(S(0)) });
    expect(navigate(folded, group, 'right', new Set([group]))).toEqual({ expand: group });
    expect(navigate(all, group, 'right', new Set())).toEqual({ focus: stepId(S(1, 'group', 'steps', 0)) });
    expect(navigate(all, group, 'left', new Set())).toEqual({ collapse: group });
    expect(navigate(folded, group, 'left', new Set([group]))).toEqual({ focus: 'scenario:browse' });
    expect(navigate(all, stepId(S(0)), 'right', new Set())).toBeNull();
    expect(navigate(all, 'settings:general', 'first', new Set())).toEqual({ focus: 'settings' });
    expect(navigate(all, 'settings:general', 'last', new Set())).toEqual({ focus: 'scenario:empty' });
    expect(navigate(all, 'settings', 'prev', new Set())).toBeNull();
  });
});
