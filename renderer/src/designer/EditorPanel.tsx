/** Shows the editor for what is selected in the tree: plan settings, a scenario's load profile, setup or teardown, or a step. */
import { ScenarioPanel } from './profile/ScenarioPanel.tsx';
import { HookEditor } from './request/flow/HookEditor.tsx';
import { StepEditor } from './request/StepEditor.tsx';
import { SettingsPanel } from './settings/SettingsPanel.tsx';
import { useDesigner } from './state/DesignerProvider.tsx';

export function EditorPanel() {
  const { selection } = useDesigner();
  switch (selection.kind) {
    case 'settings':
      return <SettingsPanel section={selection.section} />;
    case 'scenario':
      return <ScenarioPanel name={selection.name} />;
    case 'hook':
      return <HookEditor hook={selection.hook} />;
    case 'step':
      return <StepEditor path={selection.path} />;
  }
}
