/** #/plans: the plan library. Create, import (dialog or drop), rename, duplicate, export, delete. */
import { useCallback, useMemo, useState } from 'react';
import type { PlanSummary } from '../../../app/contract/plans.ts';
import { useClient } from '../api.tsx';
import { navigate } from '../routing/useRoute.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useLoad, useTitle } from '../ui/hooks.ts';
import { Loading } from '../ui/Loading.tsx';
import { MessageList } from '../ui/MessageList.tsx';
import { useMessages } from '../ui/messages.ts';
import { DropZone } from './DropZone.tsx';
import { ImportDialog } from './import/ImportDialog.tsx';
import type { ImportText } from './import/source.ts';
import { NewPlanForm } from './NewPlanForm.tsx';
import type { PlanActions } from './PlanRow.tsx';
import { PlanTable } from './PlanTable.tsx';
import { PlanToolbar } from './PlanToolbar.tsx';
import { usePlanExport } from './usePlanExport.tsx';
import { usePlanImport } from './usePlanImport.tsx';

/** The Plans page (heading "Plans"). */
export function PlansPage() {
  useTitle('Plans');
  const client = useClient();
  const plans = useLoad((c) => c.call('plans.list', {}), 'plans.list');
  const messages = useMessages();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<PlanSummary | null>(null);
  /** The import dialog: closed (null), empty, or on the preview of a dropped file. */
  const [importing, setImporting] = useState<{ initial: ImportText | null } | null>(null);
  const { reload } = plans;
  const { push } = messages;

  const importer = usePlanImport(push, useCallback(() => reload(), [reload]), useCallback((initial: ImportText) => setImporting({ initial }), []));
  const exportPlan = usePlanExport(push);

  const actions = useMemo<PlanActions>(() => ({
    async rename(plan, name) {
      try {
        await client.call('plans.rename', { id: plan.id, name });
        reload();
        return true;
      } catch (error) {
        push({ kind: 'error', title: `Could not rename ${plan.name}`, error });
        return false;
      }
    },
    async duplicate(plan) {
      try {
        const copy = await client.call('plans.duplicate', { id: plan.id });
        push({ kind: 'info', content: <>Duplicated <strong>{plan.name}</strong> as <strong>{copy.name}</strong>.</> });
        reload();
      } catch (error) {
        push({ kind: 'error', title: `Could not duplicate ${plan.name}`, error });
      }
    },
    exportFile: exportPlan,
    askDelete: setToDelete,
  }), [client, reload, push, exportPlan]);

  const confirmDelete = async (plan: PlanSummary) => {
    setToDelete(null);
    try {
      await client.call('plans.delete', { id: plan.id });
      push({ kind: 'info', content: <>Deleted <strong>{plan.name}</strong>.</> });
    } catch (error) {
      push({ kind: 'error', title: `Could not delete ${plan.name}`, error });
    }
    reload();
  };

  return (
    <DropZone onFiles={(files) => void importer.importFiles(files)} label="Drop plan files, HAR, Postman, OpenAPI, cURL or Vegeta files to import them">
      <section className="page" aria-labelledby="plans-heading">
        <header className="page-header">
          <h1 id="plans-heading">Plans</h1>
          <p className="muted">Load-test plans: build them here, or import plan files, cURL commands, HAR recordings, Postman collections, OpenAPI documents, Vegeta targets or JMeter test plans (drop files anywhere on this page).</p>
        </header>
        <PlanToolbar onNewPlan={() => setCreating(true)} onImport={() => setImporting({ initial: null })} />
        {importing && (
          <ImportDialog
            initial={importing.initial}
            onClose={() => setImporting(null)}
            onCreated={(plan) => { setImporting(null); navigate({ page: 'plan', id: plan.id }); }}
          />
        )}
        {creating && (
          <NewPlanForm
            onCancel={() => setCreating(false)}
            onCreated={(plan) => {
              // A new plan is created to be designed: open it, as an import does.
              setCreating(false);
              navigate({ page: 'plan', id: plan.id });
            }}
          />
        )}
        <MessageList messages={messages} />
        {plans.error !== undefined && <ErrorNotice title="Could not load the plans" error={plans.error} />}
        {plans.data === undefined
          ? plans.loading && <Loading what="Loading plans…" />
          : plans.data.length === 0
            ? <p className="empty">No plans yet. Create one with “New plan”, or import a plan file.</p>
            : <PlanTable plans={plans.data} actions={actions} />}
        {toDelete && (
          <ConfirmDialog title={`Delete plan “${toDelete.name}”?`} confirmLabel="Delete" onCancel={() => setToDelete(null)} onConfirm={() => void confirmDelete(toDelete)}>
            <p>The plan and its revisions are deleted. Runs keep the copy of the plan they ran.</p>
          </ConfirmDialog>
        )}
      </section>
    </DropZone>
  );
}
