/** The health feature's UI that other features may embed. */
export { HealthTabs } from './health-tabs';
export { YamlCodeView } from './yaml-code-view';
export { LazyCheckPanel } from './lazy';
