/**
 * What every template field of a designer shares: the names the document offers (variables, `env.X` already used),
 * worked out once per edit rather than once per field, and the back end's answers about environments and data
 * files, kept a few seconds. Per designer, so two designers (or two plans) never mix them.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { knownVariables } from '../../core/steps.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { envNamesInDoc } from './sources.ts';

export interface TemplateSourceCache {
  /** Plan variables and extracted names, and env names the plan uses, for the current document. */
  names: { variables: string[]; env: string[] };
  /** Recent look-ups by key (`env:<id>`, `file:<path>`). */
  lookups: Map<string, { at: number; value: Promise<string[]> }>;
}

const TemplateSourcesContext = createContext<TemplateSourceCache | null>(null);

export function TemplateSourcesProvider({ children }: { children: ReactNode }) {
  const { doc } = useDesigner();
  const names = useMemo(() => ({ variables: knownVariables(doc), env: envNamesInDoc(doc) }), [doc]);
  const [lookups] = useState(() => new Map<string, { at: number; value: Promise<string[]> }>());
  const value = useMemo(() => ({ names, lookups }), [names, lookups]);
  return <TemplateSourcesContext.Provider value={value}>{children}</TemplateSourcesContext.Provider>;
}

export function useTemplateSourceCache(): TemplateSourceCache {
  const cache = useContext(TemplateSourcesContext);
  if (!cache) throw new Error('useTemplateSourceCache() needs a <TemplateSourcesProvider> above it');
  return cache;
}
