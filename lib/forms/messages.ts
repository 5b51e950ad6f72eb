/**
 * The exact texts of forms, confirmations and their toasts (spec 001 §5, §8). Screens take them from here so a
 * text is written once; the toast helpers in components/widgets/toast.ts use the success texts.
 */

export const REQUIRED_MESSAGE = 'This field is required';
export const NUMBER_MESSAGE = 'This field must be a number';

export const CONFIRM_DELETE_RESOURCE = 'Are you sure you want to delete this resource?';
export const CONFIRM_DELETE_PERMISSION = 'Are you sure you want to delete the permission?';

export const RESOURCE_SEARCH_HINT =
  'e.g. name=grafana type=Kubernetes::Deployment or health=healthy,unhealthy';
export const RESOURCE_SEARCH_EMPTY_QUERY = 'Start typing to search';
export const RESOURCE_SEARCH_NO_OPTIONS = 'No options found';

export { successMessages } from './success-messages';
