/** The incidents feature's UI that other features may embed: Link to Incident and its lazily loaded dialog. */
export { LazyLinkIncidentDialog, LinkIncidentButton, useIncidentLinker } from './link-incident';
export { LazyCreateIncidentDialog } from './lazy';
