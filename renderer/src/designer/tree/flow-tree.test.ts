import { describe, expect, it } from 'vitest';
import { getIn } from '../core/doc-path.ts';
import { applyEdit } from '../core/edits.ts';
import { followEdit } from '../core/selection.ts';
import { validate } from '../core/validation.ts';
import { addHook } from './actions.ts';
import { addItems } from './menus.ts';
import { dropOn } from './dropTarget.ts';
import { buildTree, findNode, stepId, type TreeNode } from './model.ts';
import { deleteStepEdit, indentStep, moveStep, outdentStep, type Move } from './moves.ts';
import { treeActions, type TreeActions } from './treeActions.ts';
import type { Designer } from '../state/DesignerProvider.tsx';

const R = (url: string) => ({ request: { url } });
const doc = {
  scenarios: {
    a: {
      steps: [
        R('/0'),
        { if: { condition: 'status() == 200', then: [R('/then')] } },
        {
          randomSwitch: [
            { weight: 70, name: 'browse', steps: [R('/browse')] },
            { weight: 30, steps: [] },
          ],
        },
        { while: { condition: 'status() == 202', max: 5, steps: [R('/poll')] } },
        R('/4'),
      ],
    },
  },
};
const plan = {
  version: 1,
  name: 'p',
  defaults: { baseUrl: 'http://127.0.0.1:1' },
  scenarios: { a: { executor: 'per-vu-iterations', steps: [R('/0')] } },
};
const A = (...rest: (string | number)[]) => ['scenarios', 'a', 'steps', ...rest];
const branchId = (...rest: (string | number)[]) => `branch:${JSON.stringify(A(...rest))}`;
const apply = (m: Move | null, d: unknown = doc) => {
  if (!m) throw new Error('no move');
  return applyEdit(d, m.edit);
};

describe('flow control in the plan tree', () => {
  const nodes = buildTree(doc, [{ path: A(1, 'if', 'condition'), message: 'bad condition' }]);
  const node = (id: string): TreeNode => {
    const n = findNode(nodes, id);
    if (!n) throw new Error(id);
    return n;
  };

  it('shows an if with then and else rows, a switch with a row per branch, a loop with its steps', () => {
    expect(node(stepId(A(1))).children.map((c) => [c.text, c.detail ?? '', c.children.length])).toEqual([
      ['then', '', 1],
      ['else', 'none: add or drop steps here', 0],
    ]);
    expect(node(stepId(A(1)))).toMatchObject({
      badge: 'if',
      text: 'status() == 200',
      issues: [{ message: 'bad condition' }],
    });
    expect(node(stepId(A(1))).childList).toBeUndefined();
    expect(node(branchId(1, 'if', 'else'))).toMatchObject({
      kind: 'branch',
      childList: A(1, 'if', 'else'),
      optional: true,
      selection: { kind: 'step', path: A(1) },
    });
    expect(node(branchId(1, 'if', 'else')).place).toBeUndefined();
    expect(node(stepId(A(2))).children.map((c) => `${c.text} ${c.detail ?? ''}`)).toEqual([
      'browse weight 70 (70 %)',
      'branch 2 weight 30 (30 %)',
    ]);
    expect(node(stepId(A(2, 'randomSwitch', 0, 'steps', 0))).place).toEqual({
      kind: 'step',
      list: A(2, 'randomSwitch', 0, 'steps'),
      index: 0,
      count: 1,
    });
    expect(node(stepId(A(3)))).toMatchObject({
      badge: 'while',
      text: 'status() == 202 (max 5)',
      childList: A(3, 'while', 'steps'),
    });
    expect(node(stepId(A(3, 'while', 'steps', 0))).text).toBe('/poll');
  });

  it('takes a step dropped on a branch row, anywhere on the row, even an else that does not exist yet', () => {
    const dragged = node(stepId(A(0)));
    for (const f of [0.05, 0.5, 0.95])
      expect(dropOn(doc, dragged, node(branchId(1, 'if', 'else')), f)).toEqual({
        position: 'inside',
        target: { list: A(1, 'if', 'else'), index: 0 },
      });
    const moved = apply(moveStep(doc, A(0), { list: A(1, 'if', 'else'), index: 0 }));
    // The if moved up one place: the first step left the list.
    expect(getIn(moved, A(0, 'if'))).toEqual({ condition: 'status() == 200', then: [R('/then')], else: [R('/0')] });
    expect(dropOn(doc, dragged, node(branchId(2, 'randomSwitch', 1, 'steps')), 0.1)?.target).toEqual({
      list: A(2, 'randomSwitch', 1, 'steps'),
      index: 0,
    });
    // Never into itself.
    expect(dropOn(doc, node(stepId(A(1))), node(branchId(1, 'if', 'else')), 0.5)).toBeNull();
  });

  it('moves steps out of branches and loops, and into a loop above', () => {
    const out = outdentStep(doc, A(2, 'randomSwitch', 0, 'steps', 0));
    expect(out?.to).toEqual(A(3));
    expect(getIn(apply(out), A(2, 'randomSwitch', 0, 'steps'))).toEqual([]);
    expect(outdentStep(doc, A(3, 'while', 'steps', 0))?.to).toEqual(A(4));
    const into = indentStep(doc, A(4));
    expect(into?.to).toEqual(A(3, 'while', 'steps', 1));
    // An if holds two lists: indenting into it is not a guess between them.
    expect(indentStep(doc, A(2))).toBeNull();
  });

  it('drops an else emptied by a move or a delete (an empty else is no else), and selects the if', () => {
    const withElse = apply(moveStep(doc, A(0), { list: A(1, 'if', 'else'), index: 0 }));
    const back = apply(moveStep(withElse, A(0, 'if', 'else', 0), { list: A(), index: 0 }), withElse);
    expect(getIn(back, A(1, 'if'))).toEqual({ condition: 'status() == 200', then: [R('/then')] });
    const del = deleteStepEdit(withElse, A(0, 'if', 'else', 0));
    expect(del).toEqual({ kind: 'delete', path: A(0, 'if', 'else') });
    expect(getIn(applyEdit(withElse, del), A(0, 'if'))).not.toHaveProperty('else');
    expect(followEdit({ kind: 'step', path: A(0, 'if', 'else', 0) }, del)).toEqual({ kind: 'step', path: A(0) });
    // Not the last step of a then: that one is a plain delete (validation then asks for a step).
    expect(deleteStepEdit(doc, A(1, 'if', 'then', 0))).toEqual({ kind: 'delete', path: A(1, 'if', 'then', 0) });
  });

  it('offers every step kind, flow control too, on a branch row', () => {
    const added: string[] = [];
    const actions = { addStep: (_n: TreeNode, kind: string) => added.push(kind) } as unknown as TreeActions;
    const items = addItems(node(branchId(2, 'randomSwitch', 1, 'steps')), actions);
    expect(items.map((i) => i.label)).toEqual([
      'Request',
      'Think time',
      'Group',
      'Batch',
      'gRPC call',
      'WebSocket session',
      'If',
      'Repeat',
      'While',
      'Do while',
      'For each',
      'Weighted choice',
      'Round robin',
      'Once per VU',
    ]);
    expect(items.filter((i) => i.groupStart).map((i) => i.label)).toEqual(['If']);
    items[8]?.run();
    expect(added).toEqual(['while']);
  });
});

describe('setup and teardown in the plan tree', () => {
  const withSetup = applyEdit(doc, addHook('setup').edit);

  it('adds a setup that is valid as it is, shown before the scenarios, its request selected', () => {
    const change = addHook('setup');
    expect(change.select).toEqual({ kind: 'step', path: ['setup', 'steps', 0] });
    expect(validate(applyEdit(plan, change.edit)).valid).toBe(true);
    const nodes = buildTree(withSetup, []);
    expect(nodes.map((n) => n.id)).toEqual(['settings', 'hook:setup', 'scenario:a']);
    expect(nodes[1]).toMatchObject({
      kind: 'hook',
      text: 'Setup',
      childList: ['setup', 'steps'],
      selection: { kind: 'hook', hook: 'setup' },
    });
    expect(nodes[1]?.children.map((c) => c.text)).toEqual(['Get token']);
    // No setup, no row: plans without one look as they always did.
    expect(buildTree(doc, []).some((n) => n.kind === 'hook')).toBe(false);
    expect(buildTree(applyEdit(doc, addHook('teardown').edit), []).at(-1)?.id).toBe('hook:teardown');
  });

  it('takes steps dragged in and out, and goes away with its last step (then the setup row is selected no more)', () => {
    const nodes = buildTree(withSetup, []);
    const setup = findNode(nodes, 'hook:setup');
    const dragged = findNode(nodes, stepId(A(0)));
    if (!setup || !dragged) throw new Error('rows');
    expect(dropOn(withSetup, dragged, setup, 0.1)).toEqual({
      position: 'inside',
      target: { list: ['setup', 'steps'], index: 1 },
    });
    const out = moveStep(withSetup, ['setup', 'steps', 0], { list: A(), index: 0 });
    expect(getIn(apply(out, withSetup), ['setup'])).toBeUndefined();
    const del = deleteStepEdit(withSetup, ['setup', 'steps', 0]);
    expect(del).toEqual({ kind: 'delete', path: ['setup'] });
    expect(followEdit({ kind: 'step', path: ['setup', 'steps', 0] }, del)).toEqual({ kind: 'hook', hook: 'setup' });
    // A timeout the user set is kept: the emptied steps are then a problem the validator names.
    const timed = applyEdit(withSetup, { kind: 'set', path: ['setup', 'timeout'], value: '30s' });
    expect(deleteStepEdit(timed, ['setup', 'steps', 0])).toEqual({ kind: 'delete', path: ['setup', 'steps', 0] });
  });
});

describe('keys on a branch row', () => {
  it('never delete, duplicate or move the step the row belongs to (Delete on "then" keeps the if)', () => {
    const edits: unknown[] = [];
    const d = { doc, edit: (e: unknown) => edits.push(e), select: () => undefined } as unknown as Designer;
    const ui = {
      focusAfter: () => undefined,
      startRename: () => undefined,
      confirmDelete: () => undefined,
      rowBefore: () => null,
    };
    const actions = treeActions(d, ui);
    const then = findNode(buildTree(doc, []), branchId(1, 'if', 'then'));
    if (!then) throw new Error('then row');
    actions.remove(then);
    actions.duplicate(then);
    expect(actions.move(then, 'moveDown')).toBe(false);
    expect(edits).toEqual([]);
    // The step's own row still deletes it.
    const ifRow = findNode(buildTree(doc, []), stepId(A(1)));
    if (ifRow) actions.remove(ifRow);
    expect(edits).toEqual([{ kind: 'delete', path: A(1) }]);
  });
});
