import type { Rule } from 'eslint';

declare const plugin: { rules: { 'no-restricted-paths': Rule.RuleModule } };
export default plugin;
