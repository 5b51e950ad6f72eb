/** The playbooks feature's UI that other features may embed: Run Playbook, as a button or a dialog. */
export { RunPlaybookButton } from './run-playbook-button';
export { LazyRunPlaybookDialog } from './lazy';
