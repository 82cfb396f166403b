import type { TemplateContext } from '../../template/index.ts';

/** The context constant templates are rendered with at compile time (they read nothing from it). */
export const NO_CTX: TemplateContext = { vu: 0, iter: 0, scenario: '', env: {}, vars: new Map(), data: {} };
